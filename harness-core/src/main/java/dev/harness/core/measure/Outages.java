package dev.harness.core.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * Broker outages as this run lived through them: a window opens when a worker loses its
 * connection (or the harness kills the broker). Once every worker is back, senders back on
 * their schedule (the mark), the backlog drains; the window closes when the first message due
 * after the mark completes, since what was queued before it is through. Intervals that touch a window are the outage intervals, so the summary
 * can give the run's latency without them. Events are rare, so this is synchronized: an
 * undisturbed run never calls it.
 */
public final class Outages {
    private static final int MAX_WINDOWS = 1_000;

    private final ThroughputMeter meter;

    /** Workers reconnecting or catching up, and a killed broker not restarted yet. */
    private int open;
    private long openSinceNs;
    /** Everyone back at this time, and the backlog not drained yet; 0 otherwise. */
    private volatile long drainMarkNs;
    private long drainedNs;
    private final List<long[]> windows = new ArrayList<>();
    private long reconnections;
    private long longestReconnectNs;
    private String longestReconnectWho;
    private long lastCaughtUpNs;
    /** When a worker first lost its connection, and when the last one to get it back did; 0 for never. */
    private long firstLostNs;
    private long lastReconnectNs;
    private long killedNs;
    private long restartedNs;
    private long restartMillis = -1;
    private String killedBy;
    private String restartSpan;
    private long restartFromStartLineMillis = -1;
    private String startLineSpan;

    /** @param meter sees completions, and so when a backlog has drained; null: a window closes when everyone is back */
    public Outages(ThroughputMeter meter) {
        this.meter = meter;
        if (meter != null) {
            meter.watch(this);
        }
    }

    /** A worker lost its connection (or is about to): it will {@link #end} once it is back. */
    public synchronized void begin(long ns) {
        if (firstLostNs == 0) {
            firstLostNs = ns;
        }
        if (open++ == 0 && drainMarkNs == 0) {
            openSinceNs = ns; // a new window, unless the last one's backlog is still draining
        }
    }

    /** A worker that began is back: reconnected, and for a sender, on its schedule again. */
    public synchronized void end(long ns) {
        if (open == 0 || --open > 0) {
            return;
        }
        if (meter == null) {
            close(ns);
        } else {
            drainMarkNs = ns;
        }
    }

    long drainMarkNs() {
        return drainMarkNs;
    }

    /** A message due at {@code intendedNs} completed: if it was due after the mark, the backlog is through. */
    synchronized void drained(long ns, long intendedNs) {
        if (drainMarkNs != 0 && open == 0 && intendedNs >= drainMarkNs) {
            drainedNs = ns;
            close(ns);
        }
    }

    private void close(long ns) {
        drainMarkNs = 0;
        if (windows.size() < MAX_WINDOWS) {
            windows.add(new long[] {openSinceNs, ns});
        }
    }

    /** A worker connected again after {@code backNs - lostNs}. */
    public synchronized void reconnected(String who, long lostNs, long backNs) {
        reconnections++;
        if (lastReconnectNs == 0 || backNs - lastReconnectNs > 0) {
            lastReconnectNs = backNs;
        }
        if (backNs - lostNs > longestReconnectNs) {
            longestReconnectNs = backNs - lostNs;
            longestReconnectWho = who;
        }
    }

    /** A sender that had fallen behind found its next message not yet due. */
    public synchronized void caughtUp(long ns) {
        lastCaughtUpNs = Math.max(lastCaughtUpNs, ns);
    }

    /** The harness killed the broker (--kill-broker-at), {@code how}: "SIGKILL", "--kill-cmd". */
    public synchronized void brokerKilled(long ns, String how) {
        killedNs = ns;
        killedBy = how;
        begin(ns);
    }

    /**
     * The killed broker is ready again, {@code restartMillis} after its start ({@code span} says
     * from what to what), and {@code fromStartLineMillis} after its first line in its log
     * ({@code startLineSpan}; -1 and null when unknown).
     */
    public synchronized void brokerRestarted(long ns, long restartMillis, String span, long fromStartLineMillis,
            String startLineSpan) {
        this.restartedNs = ns;
        this.restartMillis = restartMillis;
        this.restartSpan = span;
        this.restartFromStartLineMillis = fromStartLineMillis;
        this.startLineSpan = startLineSpan;
        end(ns);
    }

    /**
     * Where the run stands with its broker now, for the live lines.
     *
     * @param away workers reconnecting or catching up, and a killed broker not restarted yet
     * @param draining everyone is back and the backlog is draining
     * @param reconnections reconnections so far
     * @param recoveries outages over so far: everyone back and the backlog drained
     * @param killed the harness has killed the broker (--kill-broker-at)
     * @param restarted the killed broker is ready again
     */
    public record Status(int away, boolean draining, long reconnections, int recoveries, boolean killed, boolean restarted) {
        public static final Status NONE = new Status(0, false, 0, 0, false, false);
    }

    public synchronized Status status() {
        return new Status(open, drainMarkNs != 0, reconnections, windows.size(), killedNs != 0, restartedNs != 0);
    }

    /** Whether the stretch from {@code fromNs} to {@code toNs} saw an outage, or one is under way. */
    public synchronized boolean touches(long fromNs, long toNs) {
        if ((open > 0 || drainMarkNs != 0) && openSinceNs < toNs) {
            return true;
        }
        for (long[] w : windows) {
            if (w[0] < toNs && w[1] >= fromNs) {
                return true;
            }
        }
        return false;
    }

    /** What happened, with times as offsets from {@code startNs}; null when nothing did. */
    public synchronized Recovery summary(long startNs) {
        if (reconnections == 0 && killedNs == 0 || meter == null) {
            return null;
        }
        long gapStart = meter.longestGapStartNs();
        long gapEnd = meter.longestGapEndNs();
        boolean gap = gapEnd > gapStart;
        return new Recovery(
                killedNs == 0 ? -1 : killedNs - startNs,
                restartMillis < 0 ? -1 : restartedNs - startNs,
                restartMillis,
                gap ? gapStart - startNs : -1,
                gap ? gapEnd - startNs : -1,
                lastCaughtUpNs > 0 ? lastCaughtUpNs - startNs : -1,
                drainedNs > 0 ? drainedNs - startNs : -1,
                reconnections, longestReconnectNs, longestReconnectWho, open > 0 || drainMarkNs != 0,
                killedBy, restartSpan, restartFromStartLineMillis, startLineSpan,
                firstLostNs == 0 ? -1 : firstLostNs - startNs, lastReconnectNs == 0 ? -1 : lastReconnectNs - startNs);
    }

    /**
     * A broker outage, as the run saw it. Times are offsets from the schedule's start in ns; -1 where
     * there is none.
     *
     * @param killedAtNs when the harness killed the broker
     * @param restartedAtNs when the killed broker was ready again
     * @param restartMillis its start to ready (see restartSpan)
     * @param outageFromNs when the longest time without a completion while one was due began: the last
     *     completion before it, or when the first message after it was due (ThroughputMeter)
     * @param outageToNs the first completion after it
     * @param caughtUpAtNs when the last sender was back on its schedule
     * @param drainedAtNs when the first message due after that completed: the backlog was through
     * @param reconnections connections made again, all workers together
     * @param longestReconnectNs the longest a worker was without a connection
     * @param longestReconnectWho that worker
     * @param unfinished some worker was still reconnecting or catching up, or the backlog draining, when the run ended
     * @param killedBy how the harness killed it: "SIGKILL" (its own child) or "--kill-cmd"; null when it did not
     * @param restartSpan what restartMillis spans: "process start to accepting connections", "--start-cmd to ..."
     * @param restartFromStartLineMillis from the broker's first line in its log (--start-line) to ready; -1 when unknown
     * @param startLineSpan what that spans, "AMQ5051I to AMQ8024I"; null when there is no --start-line
     * @param lostAtNs when a worker first lost its connection (or the harness killed the broker)
     * @param reconnectedAtNs when the last worker to connect again did
     */
    public record Recovery(long killedAtNs, long restartedAtNs, long restartMillis, long outageFromNs, long outageToNs,
            long caughtUpAtNs, long drainedAtNs, long reconnections, long longestReconnectNs,
            String longestReconnectWho, boolean unfinished, String killedBy, String restartSpan,
            long restartFromStartLineMillis, String startLineSpan, long lostAtNs, long reconnectedAtNs) {

        /** A recovery whose first loss and last reconnection are not known (a file from before they were written). */
        public Recovery(long killedAtNs, long restartedAtNs, long restartMillis, long outageFromNs, long outageToNs,
                long caughtUpAtNs, long drainedAtNs, long reconnections, long longestReconnectNs,
                String longestReconnectWho, boolean unfinished, String killedBy, String restartSpan,
                long restartFromStartLineMillis, String startLineSpan) {
            this(killedAtNs, restartedAtNs, restartMillis, outageFromNs, outageToNs, caughtUpAtNs, drainedAtNs, reconnections,
                    longestReconnectNs, longestReconnectWho, unfinished, killedBy, restartSpan, restartFromStartLineMillis,
                    startLineSpan, -1, -1);
        }

        public long outageNs() {
            return outageFromNs < 0 ? 0 : outageToNs - outageFromNs;
        }

        /** From the first completion after the outage until the backlog was through; -1 when unknown. */
        public long backlogDrainNs() {
            return outageToNs < 0 || drainedAtNs < outageToNs ? -1 : drainedAtNs - outageToNs;
        }
    }
}
