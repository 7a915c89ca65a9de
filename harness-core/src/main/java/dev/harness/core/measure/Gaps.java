package dev.harness.core.measure;

import java.util.Arrays;
import java.util.List;

/**
 * The gaps of a run's measured phase (times without a completion while a message was due), in ns
 * from its schedule's start: its longest, and its longest spans between two completions, each
 * with the gap in it (from when a message was due), so that runs of one start (the shards of a
 * schedule, hosts started together) can be laid on one timeline ({@link #common}). A run's gap
 * is the end of such a span: span i runs from {@code idleFromNs[i]}, its gap from
 * {@code fromNs[i]}, both to {@code toNs[i]}, the next completion.
 *
 * @param floorNs every span longer than this is listed (shorter ones may not be)
 * @param longestFromNs when the longest gap began; -1 when there was none
 * @param longestNs the longest gap (for a set, see {@link #common}); 0 when none
 * @param idleFromNs each listed span's start: the completion before it; in order
 * @param fromNs when its gap began: {@code toNs[i]} when there was none in it
 * @param toNs its end: the completion after it
 */
public record Gaps(long floorNs, long longestFromNs, long longestNs, long[] idleFromNs, long[] fromNs, long[] toNs) {
    /** No gap at all. */
    public static final Gaps NONE = new Gaps(0, -1, 0, new long[0], new long[0], new long[0]);

    public Gaps {
        if (fromNs.length != toNs.length || idleFromNs.length != toNs.length) {
            throw new IllegalArgumentException("gaps: " + idleFromNs.length + " spans, " + fromNs.length + " gap starts, "
                    + toNs.length + " ends");
        }
    }

    /**
     * What a run that kept only its longest gap knows (files from before the list was written): that
     * one (the span around it unknown, so taken as the gap), and no gap longer than it.
     */
    public static Gaps ofLongest(long fromNs, long lengthNs) {
        return lengthNs <= 0 || fromNs < 0 ? new Gaps(Math.max(0, lengthNs), -1, Math.max(0, lengthNs), new long[0],
                new long[0], new long[0])
                : new Gaps(lengthNs, fromNs, lengthNs, new long[] {fromNs}, new long[] {fromNs}, new long[] {fromNs + lengthNs});
    }

    public int size() {
        return toNs.length;
    }

    /**
     * The gaps of runs of one start on their common timeline, the earliest start's: the times in
     * which none of them completed anything while one of them had a message due. That is where a
     * span without a completion of every run meets a gap of one of them: the runs' spans
     * intersected, each keeping the earliest gap start among them. A span of the set longer than
     * every run's floor is in every run's list, so a longest longer than that is exact; otherwise
     * the set's longest is no longer than the largest floor, nor than any run's longest gap, and
     * that bound is given: the value never reads shorter than it was.
     *
     * @param runs each run's gaps, from its own start
     * @param offsetsNs each run's start after the earliest one's, ns
     */
    public static Gaps common(List<Gaps> runs, long[] offsetsNs) {
        if (runs.size() == 1 && offsetsNs[0] == 0) {
            return runs.get(0);
        }
        long floor = 0;
        long bound = 0;
        long[][] set = null;
        for (int r = 0; r < runs.size(); r++) {
            Gaps g = runs.get(r);
            floor = Math.max(floor, g.floorNs());
            bound = Math.max(bound, g.longestNs());
            long[][] shifted = new long[3][g.size()];
            for (int i = 0; i < g.size(); i++) {
                shifted[0][i] = g.idleFromNs()[i] + offsetsNs[r];
                shifted[1][i] = g.fromNs()[i] + offsetsNs[r];
                shifted[2][i] = g.toNs()[i] + offsetsNs[r];
            }
            set = set == null ? shifted : intersect(set, shifted);
        }
        if (set == null) {
            set = new long[3][0];
        }
        long longest = 0;
        long longestFrom = -1;
        for (int i = 0; i < set[0].length; i++) {
            if (set[2][i] - set[1][i] > longest) {
                longest = set[2][i] - set[1][i];
                longestFrom = set[1][i];
            }
        }
        if (longest <= floor) {
            longest = Math.max(longest, Math.min(floor, bound));
        }
        return new Gaps(floor, longestFrom, longest, set[0], set[1], set[2]);
    }

    /**
     * Two lists of spans in order, intersected: the spans without a completion in both, each with
     * the earlier of the two gap starts (the run whose message was due), no earlier than the span.
     */
    private static long[][] intersect(long[][] a, long[][] b) {
        int max = a[0].length + b[0].length;
        long[][] out = new long[3][max];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < a[0].length && j < b[0].length) {
            long idleFrom = Math.max(a[0][i], b[0][j]);
            long to = Math.min(a[2][i], b[2][j]);
            if (to > idleFrom) {
                out[0][n] = idleFrom;
                out[1][n] = Math.min(to, Math.max(idleFrom, Math.min(a[1][i], b[1][j])));
                out[2][n++] = to;
            }
            if (a[2][i] < b[2][j]) {
                i++;
            } else {
                j++;
            }
        }
        return new long[][] {Arrays.copyOf(out[0], n), Arrays.copyOf(out[1], n), Arrays.copyOf(out[2], n)};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Gaps g && floorNs == g.floorNs && longestFromNs == g.longestFromNs && longestNs == g.longestNs
                && Arrays.equals(idleFromNs, g.idleFromNs) && Arrays.equals(fromNs, g.fromNs) && Arrays.equals(toNs, g.toNs);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(longestNs) * 31 + Arrays.hashCode(toNs);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("spans longer than ").append(floorNs).append(" ns:");
        for (int i = 0; i < size(); i++) {
            b.append(' ').append(idleFromNs[i]).append('/').append(fromNs[i]).append('-').append(toNs[i]);
        }
        return b.append("; longest gap ").append(longestNs).toString();
    }
}
