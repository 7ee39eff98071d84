package org.spatiallsm.experiment.report;

/** A run folder the report cannot read; the message is one line that names the file and what is wrong. */
public final class ReportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
