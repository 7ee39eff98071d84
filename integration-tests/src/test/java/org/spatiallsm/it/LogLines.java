package org.spatiallsm.it;

import java.util.ArrayList;
import java.util.List;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * What one logger of this JVM (so of the in-process cluster's nodes) logs while it is open: {@code LEVEL message}
 * per event, at every level from {@code level} up, whatever the cluster's own log level.
 */
final class LogLines implements AutoCloseable {

    private final String logger;
    private final List<String> lines = new ArrayList<>();
    private final AbstractAppender appender;

    LogLines(String logger, Level level) {
        this.logger = logger;
        appender = new AbstractAppender("captured " + logger, null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                synchronized (lines) {
                    lines.add(event.getLevel() + " " + event.getMessage().getFormattedMessage());
                }
            }
        };
        appender.start();
        LoggerConfig config = new LoggerConfig(logger, level, true);
        config.addAppender(appender, level, null);
        context().getConfiguration().addLogger(logger, config);
        context().updateLoggers();
    }

    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    @Override
    public void close() {
        Configuration configuration = context().getConfiguration();
        configuration.removeLogger(logger);
        context().updateLoggers();
        appender.stop();
    }

    private static LoggerContext context() {
        return (LoggerContext) LogManager.getContext(false);
    }
}
