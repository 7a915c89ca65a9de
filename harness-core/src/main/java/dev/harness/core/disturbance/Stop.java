package dev.harness.core.disturbance;

/**
 * A stop of the system a run drives (a frozen broker), of the harness itself, or of a JVM's
 * world (a GC pause): when it began, from the schedule's start, and how long it lasted, as
 * measured where it was done. Stopping and resuming take a while themselves (a signal sent through
 * a shell, a command), so the real length is known to within {@code uncertaintyNs} either way.
 *
 * @param atNs when the stop began, from the schedule's start (warmup included); the middle of the
 *     stop's call
 * @param lengthNs from the middle of the stop's call to the middle of the resume's
 * @param uncertaintyNs how far the real length may be from {@code lengthNs}, either way: half of each call's time
 */
public record Stop(long atNs, long lengthNs, long uncertaintyNs) {
    public Stop {
        if (lengthNs < 0 || uncertaintyNs < 0) {
            throw new IllegalArgumentException("a stop's length and uncertainty are not negative: " + lengthNs + ", "
                    + uncertaintyNs);
        }
    }

    /** A stop known exactly (a GC pause from the JVM's own log, a case computed by hand). */
    public static Stop exactly(long atNs, long lengthNs) {
        return new Stop(atNs, lengthNs, 0);
    }

    /**
     * The stop timed from outside: the stop's call ran from {@code stopCalledNs} to
     * {@code stoppedNs}, the resume's from {@code resumeCalledNs} to {@code resumedNs} (all
     * {@code System.nanoTime()}); {@code originNs} is the schedule's start.
     */
    public static Stop timed(long originNs, long stopCalledNs, long stoppedNs, long resumeCalledNs, long resumedNs) {
        long began = stopCalledNs + (stoppedNs - stopCalledNs) / 2;
        long ended = resumeCalledNs + (resumedNs - resumeCalledNs) / 2;
        return new Stop(began - originNs, Math.max(0, ended - began),
                (stoppedNs - stopCalledNs) / 2 + (resumedNs - resumeCalledNs) / 2);
    }

    /** The shortest the stop can have lasted. */
    public long shortestNs() {
        return Math.max(0, lengthNs - uncertaintyNs);
    }

    /** The longest the stop can have lasted. */
    public long longestNs() {
        return lengthNs + uncertaintyNs;
    }

    /** This stop with another length (its start kept, known exactly): the truth at either end of its uncertainty. */
    public Stop lasting(long ns) {
        return new Stop(atNs, Math.max(0, ns), 0);
    }
}
