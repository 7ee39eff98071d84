package org.spatiallsm.asterixdb.rtree.partitioned;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * How the several outputs of one merge are named on disk, and which component files an index keeps when it opens.
 * <p>
 * A merge of the components with sequences {@code s..e} writes output 0 under AsterixDB's own name {@code s_e} and
 * output {@code k >= 1} under {@code s_e_p<k>}. The suffix keeps the sequence range in front, so that 0.9.8's crash
 * cleanup (which deletes every file whose name starts with {@code s_e} when the merge's mask file
 * {@code .mask_C_s_e} is still there) removes all outputs of an interrupted merge.
 * <p>
 * AsterixDB 0.9.8 keeps, among files whose ranges nest, only the widest; it would delete all siblings but one. Here
 * the rule applies to ranges, not files: every file of a kept range is kept.
 */
public final class OutputFiles {

    private static final String OUTPUT_MARK = "_p";

    private OutputFiles() {
    }

    /** The file name of output {@code output} of the merge whose stock target name is {@code mergeName}. */
    public static String outputName(String mergeName, int output) {
        if (output < 0) {
            throw new IllegalArgumentException("output must be >= 0, was " + output);
        }
        return output == 0 ? mergeName : mergeName + OUTPUT_MARK + output;
    }

    /** What an index keeps of the component files it finds when it opens. */
    public record Selection(List<String> newestFirst, List<String> nested) {
    }

    /** Thrown when two ranges overlap without one containing the other: no merge can have produced that. */
    public static final class OverlappingRangesException extends Exception {
        private static final long serialVersionUID = 1L;

        OverlappingRangesException(String message) {
            super(message);
        }
    }

    /**
     * Keeps every file of each range that no other range contains, newest range first and the outputs of one
     * merge in output order; lists the files of contained ranges (left over by a merge that completed) for deletion.
     */
    public static Selection select(List<String> fileNames) throws OverlappingRangesException {
        // Oldest start first; of equal starts the widest first, so that it is seen before what it contains.
        Map<Range, List<String>> byRange = new TreeMap<>(
                Comparator.comparingLong(Range::start).thenComparing(Comparator.comparingLong(Range::end).reversed()));
        for (String name : fileNames) {
            byRange.computeIfAbsent(Range.of(name), r -> new ArrayList<>()).add(name);
        }
        List<Range> kept = new ArrayList<>();
        List<String> nested = new ArrayList<>();
        Range widest = null;
        for (Map.Entry<Range, List<String>> entry : byRange.entrySet()) {
            Range range = entry.getKey();
            if (widest == null || range.start() > widest.end()) {
                kept.add(range);
                widest = range;
            } else if (range.end() <= widest.end()) {
                nested.addAll(entry.getValue());
            } else {
                throw new OverlappingRangesException("component ranges " + widest + " and " + range + " overlap");
            }
        }
        List<String> newestFirst = new ArrayList<>();
        for (int i = kept.size() - 1; i >= 0; i--) {
            newestFirst.addAll(byRange.get(kept.get(i)).stream().sorted(Comparator.comparingInt(OutputFiles::output))
                    .collect(Collectors.toList()));
        }
        nested.sort(Comparator.naturalOrder());
        return new Selection(newestFirst, nested);
    }

    /** The output number a file name carries: 0 for AsterixDB's own {@code s_e}, k for {@code s_e_p<k>}. */
    static int output(String fileName) {
        String[] parts = fileName.split("_");
        if (parts.length >= 3 && parts[2].startsWith("p")) {
            return Integer.parseInt(parts[2].substring(1));
        }
        return 0;
    }

    private record Range(long start, long end) {
        static Range of(String fileName) {
            String[] parts = fileName.split("_");
            return new Range(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
        }

        @Override
        public String toString() {
            return start + "_" + end;
        }
    }
}
