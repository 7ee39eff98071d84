package org.spatiallsm.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a load: what was sent, how fast, and what the dataset holds afterwards. A load is verified when the
 * dataset holds every record sent and the sampled records read back equal to what was generated.
 *
 * @param sent     every record written, those sent again after a failure included ({@code sendTime} covers them too)
 * @param expected the records the dataset must hold: the keys of the load, or for a file the records sent
 * @param sampled  how many records were read back and compared with what was sent (0 for a file: only counted)
 */
public record LoadReport(String dataset, String transport, long sent, long bytes, Duration sendTime,
        Duration totalTime, long expected, long found, String countedWhat, long parserFailures,
        List<String> failedRecords, long sampled, List<String> contentProblems, List<String> notes) {

    public boolean verified() {
        return found == expected && contentProblems.isEmpty();
    }

    public long missing() {
        return expected - found;
    }

    public String summary() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "sent %,d records (%,.1f MB) to %s via %s in %s: %,.0f records/s",
                sent, bytes / 1e6, dataset, transport, seconds(sendTime), sent / Math.max(1e-9, secs(sendTime))));
        lines.add(String.format(Locale.ROOT, "ingested and verified in %s: %,.0f records/s end to end",
                seconds(totalTime), sent / Math.max(1e-9, secs(totalTime))));
        lines.add(String.format(Locale.ROOT, "dataset holds %,d of the %,d %s", found, expected, countedWhat));
        if (parserFailures > 0) {
            lines.add(String.format(Locale.ROOT, "the feed's parser rejected %,d records", parserFailures));
        }
        failedRecords.stream().limit(10).forEach(line -> lines.add("  failed record log: " + line));
        if (failedRecords.size() > 10) {
            lines.add(String.format(Locale.ROOT, "  ... %,d more failed-record log lines", failedRecords.size() - 10));
        }
        contentProblems.forEach(problem -> lines.add("content differs: " + problem));
        lines.addAll(notes);
        lines.add(verified() ? "OK: nothing lost" + (sampled > 0 ? String.format(Locale.ROOT, ", the %,d records read "
                + "back are intact", sampled) : " (counted only: the records' content was not read back)")
                : String.format(Locale.ROOT, "NOT VERIFIED: %,d records missing%s", missing(),
                        contentProblems.isEmpty() ? "" : ", " + contentProblems.size() + " content differences"));
        return String.join("\n", lines);
    }

    private static double secs(Duration d) {
        return d.toNanos() / 1e9;
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.2f s", secs(d));
    }
}
