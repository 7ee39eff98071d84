package org.spatiallsm.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Opens report.html in a real headless browser (the operating system's Chromium) and checks what a reader would
 * see: every plot decoded, nothing fetched, no error on the console.
 */
class ReportInBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    /** Generous: the machine may be busy; the waits end as soon as their condition holds. */
    private static final Duration DEADLINE = Duration.ofMinutes(3);

    @TempDir
    Path temp;

    @Test
    void everyPlotRendersAndTheConsoleStaysClean() throws IOException {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        // CI installs Chromium (.ci/run), so there its absence is a failure; elsewhere the test needs it installed.
        assumeTrue(installed || "true".equals(System.getenv("CI")),
                "needs Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver");
        assertThat(installed).as("Chromium and chromedriver in /usr/bin").isTrue();
        Path run = SyntheticRun.create(temp);
        List<Plot> plots = Report.write(run);

        ChromeDriver browser = new ChromeDriver(
                new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort()
                        .withTimeout(DEADLINE).build(),
                options());
        try {
            browser.get(run.resolve(Report.HTML_FILE).toUri().toString());
            WebDriverWait wait = new WebDriverWait(browser, DEADLINE);
            wait.until(b -> "complete".equals(script(b, "return document.readyState")));
            wait.until(b -> Boolean.TRUE.equals(script(b,
                    "return Array.from(document.images).every(image => image.complete)")));

            assertThat((List<?>) script(browser, "return Array.from(document.images).map(i => i.naturalWidth)"))
                    .hasSize(plots.size()).allSatisfy(width -> assertThat(width).isEqualTo((long) Charts.WIDTH));
            assertThat(((List<?>) script(browser, "return Array.from(document.images).map(i => i.alt)")).stream()
                    .map(String::valueOf).toList()).containsExactlyElementsOf(plots.stream().map(Plot::title).toList());
            assertThat((List<?>) script(browser, "return performance.getEntriesByType('resource')"
                    + ".map(entry => entry.name).filter(name => !name.startsWith('data:'))"))
                    .as("resources fetched by the page").isEmpty();
            List<LogEntry> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(entry -> entry.getLevel().intValue() >= Level.WARNING.intValue()).toList();
            assertThat(errors).as("console warnings and errors").isEmpty();
        } finally {
            browser.quit();
        }
    }

    private static ChromeOptions options() {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // As root (CI) Chromium refuses to start sandboxed; /dev/shm may be small in containers.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage");
        LoggingPreferences logging = new LoggingPreferences();
        logging.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logging);
        return options;
    }

    private static Object script(Object browser, String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }
}
