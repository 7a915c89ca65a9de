package dev.harness.core.workload;

/**
 * Whose a late send's lateness was. A worker's time goes either to waits that are not the
 * harness's own (a send or commit call, a full in-flight window, a closed loop's reply, a
 * reconnect: the system under test holding it up) or to its own business (pacing, bookkeeping,
 * waiting for a CPU, a pause of its JVM). A send's {@code own-lag} is the own time within the span
 * from its intended time to its actual send; the waits in that span are the lateness it inherited.
 * So a broker that holds a put up makes the sends due behind it late in send-lag only, and a pause
 * of the harness makes every send due in it late in own-lag too, through the catch-up after it.
 * The worker cannot tell a pause of its JVM inside a call from the call: such a pause counts with
 * the call, as the system's ({@code pause-corrected} and the pause findings see it).
 *
 * <p>It keeps the recent waits in a ring, each with the worker's not-own time up to its end, so
 * that the not-own time since any intended time still pending is a subtraction. Intended times only
 * grow, so a wait that ended before the latest one asked about is dropped. When more waits than
 * the ring holds fall within one send's lateness (a backlog of over {@value #WAITS} sends), the
 * two oldest are merged: the own time between them then counts as inherited, which errs towards
 * the system's side. Written and read by the worker's thread only; allocates nothing.
 */
final class OwnLag {
    static final int WAITS = 1024;

    private final long[] waitStartNs = new long[WAITS];
    private final long[] waitEndNs = new long[WAITS];
    /** The worker's not-own time from its start to the end of each wait. */
    private final long[] notOwnAtEndNs = new long[WAITS];
    private int first;
    private int count;
    private long notOwnNs;
    /** The end of the last wait, or the worker's start: what an outage of unknown start is counted from. */
    private long lastEndNs;

    /** The worker starts at {@code nowNs}: nothing waited yet. */
    void start(long nowNs) {
        first = 0;
        count = 0;
        notOwnNs = 0;
        lastEndNs = nowNs;
    }

    /**
     * The worker waited from {@code startNs} to {@code endNs} on something not its own. A wait
     * reported again, or the part of one before the last wait's end, counts once.
     */
    void waited(long startNs, long endNs) {
        if (startNs - lastEndNs < 0) {
            startNs = lastEndNs;
        }
        if (endNs - startNs <= 0) {
            return;
        }
        notOwnNs += endNs - startNs;
        lastEndNs = endNs;
        if (count == WAITS) {
            mergeOldest();
        }
        int i = index(count++);
        waitStartNs[i] = startNs;
        waitEndNs[i] = endNs;
        notOwnAtEndNs[i] = notOwnNs;
    }

    /**
     * A reconnect ended at {@code nowNs}: the time since the last wait (the failed call, the
     * backoff, the connecting) was the outage's, not the harness's.
     */
    void reconnected(long nowNs) {
        waited(lastEndNs, nowNs);
    }

    /** The own-lag of a send intended at {@code intendedNs} and started at {@code sendNs}. */
    long ownLagNs(long intendedNs, long sendNs) {
        long lateNs = sendNs - intendedNs;
        if (lateNs <= 0) {
            return lateNs;
        }
        while (count > 0 && waitEndNs[first] - intendedNs <= 0) {
            first = index(1);
            count--;
        }
        if (count == 0) {
            return lateNs; // no wait since it was due: all its lateness was the harness's
        }
        // The first wait left ends after the intended time; the part of it before that time is not inherited.
        long after = waitEndNs[first] - Math.max(waitStartNs[first] - intendedNs, 0) - intendedNs;
        long notOwnAtIntendedNs = notOwnAtEndNs[first] - after;
        long inheritedNs = notOwnNs - notOwnAtIntendedNs;
        return Math.max(0, lateNs - inheritedNs);
    }

    private void mergeOldest() {
        int second = index(1);
        waitStartNs[second] = waitStartNs[first];
        first = second;
        count--;
    }

    private int index(int k) {
        int i = first + k;
        return i >= WAITS ? i - WAITS : i;
    }
}
