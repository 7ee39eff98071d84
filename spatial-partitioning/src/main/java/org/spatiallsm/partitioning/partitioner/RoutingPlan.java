package org.spatiallsm.partitioning.partitioner;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * How a merge routes its stream into its K outputs while keeping at most {@code maxOpen} of them open at once (each
 * open output pins buffer-cache pages in its bulk loader, so K open outputs could exhaust the cache). Each output
 * occupies the span of stream positions from its first entry to its last: it is opened at the first and finished at
 * the last. Outputs whose spans never overlap share a slot (interval partitioning, greedy by first position: as many
 * slots as spans overlap at the deepest point), and pass {@code p} routes the outputs of slots
 * {@code p * maxOpen .. (p + 1) * maxOpen - 1}, reading the stream only up to the last entry it needs. So a pass has
 * at most {@code maxOpen} outputs open at any position, and the passes number ceil(deepest overlap / maxOpen): one
 * for {@code size}, whose outputs are consecutive runs of the stream.
 *
 * <p>Build it with {@link #builder()}, telling it every (output, position) of the partitioner's assignment.
 */
public final class RoutingPlan {

    private final long[] first;
    private final long[] last;
    private final int[] pass;
    private final long[] passEnd;

    private RoutingPlan(long[] first, long[] last, int[] pass, long[] passEnd) {
        this.first = first;
        this.last = last;
        this.pass = pass;
        this.passEnd = passEnd;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** How many reads of the stream the routing takes. */
    public int passes() {
        return passEnd.length;
    }

    /** The pass that routes {@code output}. */
    public int passOf(int output) {
        return pass[output];
    }

    /** The stream position of {@code output}'s first entry: where it is opened. */
    public long firstPosition(int output) {
        return first[output];
    }

    /** The stream position of {@code output}'s last entry: where it is finished. */
    public long lastPosition(int output) {
        return last[output];
    }

    /** The last stream position pass {@code pass} needs. */
    public long passEnd(int pass) {
        return passEnd[pass];
    }

    /** Collects the span of stream positions of each output, outputs numbered 0, 1, 2, ... without gaps. */
    public static final class Builder {
        private long[] first = new long[16];
        private long[] last = new long[16];
        private int outputs;

        private Builder() {
        }

        /** Entry at stream {@code position} goes to {@code output}; any order. */
        public void add(int output, long position) {
            if (output < 0 || position < 0) {
                throw new IllegalArgumentException("output " + output + " at position " + position);
            }
            if (output >= first.length) {
                int length = Math.max(output + 1, first.length * 2);
                first = Arrays.copyOf(first, length);
                last = Arrays.copyOf(last, length);
            }
            if (output >= outputs) {
                Arrays.fill(first, outputs, output + 1, Long.MAX_VALUE);
                Arrays.fill(last, outputs, output + 1, Long.MIN_VALUE);
                outputs = output + 1;
            }
            first[output] = Math.min(first[output], position);
            last[output] = Math.max(last[output], position);
        }

        /**
         * The plan with at most {@code maxOpen} outputs open at once.
         *
         * @throws IllegalArgumentException if {@code maxOpen < 1}
         * @throws IllegalStateException if an output below the highest one added has no entry
         */
        public RoutingPlan plan(int maxOpen) {
            if (maxOpen < 1) {
                throw new IllegalArgumentException("a merge must keep at least one output open, not " + maxOpen);
            }
            for (int output = 0; output < outputs; output++) {
                if (first[output] == Long.MAX_VALUE) {
                    throw new IllegalStateException("output " + output + " of " + outputs + " has no entry");
                }
            }
            long[] firsts = Arrays.copyOf(first, outputs);
            long[] lasts = Arrays.copyOf(last, outputs);
            Integer[] byFirst = new Integer[outputs];
            Arrays.setAll(byFirst, i -> i);
            Arrays.sort(byFirst, (a, b) -> Long.compare(firsts[a], firsts[b]));
            int[] slotOf = new int[outputs];
            // Busy slots by the last position of the output in them; free slots, lowest first.
            PriorityQueue<long[]> busy = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
            PriorityQueue<Integer> free = new PriorityQueue<>();
            int slots = 0;
            for (int output : byFirst) {
                while (!busy.isEmpty() && busy.peek()[0] < firsts[output]) {
                    free.add((int) busy.poll()[1]);
                }
                int slot = free.isEmpty() ? slots++ : free.poll();
                slotOf[output] = slot;
                busy.add(new long[] { lasts[output], slot });
            }
            int[] pass = new int[outputs];
            long[] passEnd = new long[slots == 0 ? 0 : (slots - 1) / maxOpen + 1];
            Arrays.fill(passEnd, -1);
            for (int output = 0; output < outputs; output++) {
                pass[output] = slotOf[output] / maxOpen;
                passEnd[pass[output]] = Math.max(passEnd[pass[output]], lasts[output]);
            }
            return new RoutingPlan(firsts, lasts, pass, passEnd);
        }
    }
}
