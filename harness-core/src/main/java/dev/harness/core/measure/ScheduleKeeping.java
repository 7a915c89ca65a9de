package dev.harness.core.measure;

import java.util.Locale;

import org.HdrHistogram.Histogram;

import dev.harness.core.host.HostSample;

/**
 * Whether the run kept its schedule, interval by interval, and whether the host it ran on was
 * contended: what the validity of a run is read from, besides the summary's totals. Fed on the
 * interval thread after each cut (never on the hot path); not thread-safe.
 *
 * <p>An interval's lag is its median send-lag over every send that returned in it, of either
 * phase: after a stall the backlog of warmup messages is sent in the measured phase.
 */
public final class ScheduleKeeping {
    /** A run queue this many times the CPUs is a host that cannot give every runnable thread a CPU. */
    public static final int CONTENDED_RUN_QUEUE = 3;
    /** Steal above this share of the CPUs' time: the hypervisor ran something else. */
    public static final double CONTENDED_STEAL_PERCENT = 10;

    private final long lagBoundNs;
    private final double ratePerSecond;
    private final Histogram lag = Histograms.create();
    private int measured;
    private int behind;
    private long firstMeasuredLagNs = -1;
    private long worstLagNs;
    private int contended;
    private int worstRunnable = -1;
    private int cpus;
    private double busyPercentSum;
    private double stealPercentSum;
    private int hostSamples;

    private long scheduleNs;

    /**
     * @param lagBoundNs see {@link ScheduleBounds#lagBoundNs}
     * @param ratePerSecond messages per second this process's schedule asks; 0 when unthrottled
     * @param scheduleNs the schedule's length: after it nothing is due, and an interval without a send is the drain
     */
    public ScheduleKeeping(long lagBoundNs, double ratePerSecond, long scheduleNs) {
        this.lagBoundNs = lagBoundNs;
        this.ratePerSecond = ratePerSecond;
        this.scheduleNs = scheduleNs;
    }

    /** The send-lag beyond which a sender was behind. */
    public long lagBoundNs() {
        return lagBoundNs;
    }

    /** The schedule was shortened (--warmup auto ended its warmup): it now lasts this long from its start. */
    public void scheduleLasts(long scheduleNs) {
        this.scheduleNs = scheduleNs;
    }

    /** The send-lag of an interval, both phases: its median and its largest. */
    public static long[] lagOf(IntervalSnapshot s, Histogram scratch) {
        s.warmup().get(View.SEND_LAG).copyInto(scratch);
        scratch.add(s.measured().get(View.SEND_LAG));
        return medianAndMax(scratch);
    }

    private static long[] medianAndMax(Histogram lag) {
        return lag.getTotalCount() == 0 ? new long[] {0, 0} : new long[] {Percentiles.at(lag, 50), lag.getMaxValue()};
    }

    public void add(IntervalSnapshot s) {
        if (s.span().phase() != Phase.MEASURED) {
            return;
        }
        long[] l = lagOf(s, lag);
        measured(s.span().startNs(), s.span().endNs(), l, lag.getTotalCount() > 0, s.host());
    }

    /**
     * A measured interval read back from an hlog: its send-lag of both phases (the tags send-lag
     * and warmup-send-lag), times from the schedule's start. An hlog has no host sample to judge
     * contention by.
     */
    public void addMeasured(long startNs, long endNs, Histogram sendLagBothPhases) {
        measured(startNs, endNs, medianAndMax(sendLagBothPhases), sendLagBothPhases.getTotalCount() > 0, null);
    }

    /** @param l the interval's median and largest send-lag */
    private void measured(long startNs, long endNs, long[] l, boolean sent, HostSample h) {
        // The measured phase's first sends say where it began: an interval in which nothing was
        // sent (a broker that blocks every send) has no lag to read, and is behind all the same.
        if (firstMeasuredLagNs < 0 && sent) {
            firstMeasuredLagNs = l[0];
        }
        measured++;
        long dueNs = Math.max(0, Math.min(endNs, scheduleNs) - startNs);
        boolean due = ratePerSecond * dueNs / 1e9 >= 2;
        if (l[0] > lagBoundNs || (!sent && due)) {
            behind++;
        }
        worstLagNs = Math.max(worstLagNs, l[1]);
        if (h != null && h.cpus() > 0 && h.procsRunning() >= 0) {
            cpus = h.cpus();
            worstRunnable = Math.max(worstRunnable, h.procsRunning());
            boolean steal = !Double.isNaN(h.cpuStealPercent()) && h.cpuStealPercent() >= CONTENDED_STEAL_PERCENT;
            if (h.procsRunning() >= CONTENDED_RUN_QUEUE * h.cpus() || steal) {
                contended++;
            }
            if (!Double.isNaN(h.cpuUserPercent()) && !Double.isNaN(h.cpuSystemPercent())) {
                busyPercentSum += h.cpuUserPercent() + h.cpuSystemPercent();
                stealPercentSum += Double.isNaN(h.cpuStealPercent()) ? 0 : h.cpuStealPercent();
                hostSamples++;
            }
        }
    }

    /** @param lateStartMs how late the schedule started after its --start-at; 0 when on time or not asked */
    public Totals totals(long lateStartMs) {
        return totals(lateStartMs, 0);
    }

    /**
     * @param lateStartMs how late the schedule started after its --start-at; 0 when on time or not asked
     * @param childrenPercent the host's CPUs this JVM's child processes used over the measured
     *     phase (a harness broker child): the harness's own, like an embedded broker, so taken
     *     out of the busy figure that says what other processes used
     */
    public Totals totals(long lateStartMs, double childrenPercent) {
        return new Totals(lagBoundNs, firstMeasuredLagNs, measured, behind, worstLagNs, contended, worstRunnable, cpus,
                hostSamples == 0 ? Double.NaN : Math.max(0, busyPercentSum / hostSamples - Math.max(0, childrenPercent)),
                hostSamples == 0 ? Double.NaN : stealPercentSum / hostSamples, lateStartMs);
    }

    /**
     * @param lagBoundNs the send-lag beyond which a sender was behind ({@link ScheduleBounds#lagBoundNs})
     * @param firstMeasuredLagNs the median send-lag of the first measured interval in which sends returned; -1 when none
     * @param measuredIntervals intervals of the measured phase
     * @param behindIntervals of them, those whose median send-lag was beyond the bound
     * @param worstLagNs the largest send-lag of the measured phase's intervals
     * @param contendedIntervals measured intervals with a run queue of 3x the CPUs or more, or steal
     * @param worstRunnable the most runnable threads seen; -1 when unknown
     * @param cpus the host's CPUs; 0 when unknown
     * @param hostBusyPercent the host's CPUs busy (user and system), mean over the measured phase, by every process
     *     but this JVM's children (its broker child); NaN unknown
     * @param stealPercent steal, mean over the measured phase; NaN unknown
     * @param lateStartMs how late the schedule started after its --start-at
     */
    public record Totals(long lagBoundNs, long firstMeasuredLagNs, int measuredIntervals, int behindIntervals,
            long worstLagNs, int contendedIntervals, int worstRunnable, int cpus, double hostBusyPercent,
            double stealPercent, long lateStartMs) {
        /** Nothing known: a summary read back or built by tests. */
        public static final Totals NONE = new Totals(Long.MAX_VALUE, -1, 0, 0, 0, 0, -1, 0, Double.NaN, Double.NaN, 0);

        /** Other processes took a quarter of the CPUs or more. */
        static final double OTHERS_CONTEND = 0.25;

        /**
         * The host was contended by others: its run queue long (or CPUs stolen) often enough, and
         * other processes, not this JVM, using the CPUs (a long run queue of the harness's own
         * threads is the harness's own load, which offered load names).
         *
         * @param jvmCpuFraction this JVM's share of the host's CPUs; negative when unknown
         */
        public boolean contendedByOthers(double jvmCpuFraction) {
            if (!hostContended()) {
                return false;
            }
            if (!Double.isNaN(stealPercent) && stealPercent >= CONTENDED_STEAL_PERCENT) {
                return true;
            }
            return !Double.isNaN(hostBusyPercent) && jvmCpuFraction >= 0
                    && hostBusyPercent / 100 - jvmCpuFraction >= OTHERS_CONTEND;
        }

        /** What contended the host, in words, or null when others did not; for {@code Saturation.judge}. */
        public String hostContention(double jvmCpuFraction) {
            return contendedByOthers(jvmCpuFraction) ? contention(jvmCpuFraction) : null;
        }

        /** The host's queues over the measured phase, in words. */
        public String contention(double jvmCpuFraction) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "the host's run queue reached %d runnable"
                    + " threads on %d CPUs, and was %dx the CPUs or more (or the hypervisor stole them) in %d of %d measured"
                    + " intervals", worstRunnable, cpus, CONTENDED_RUN_QUEUE, contendedIntervals, measuredIntervals));
            if (!Double.isNaN(hostBusyPercent) && jvmCpuFraction >= 0) {
                double others = Math.max(0, hostBusyPercent / 100 - jvmCpuFraction);
                b.append(String.format(Locale.ROOT, "; other processes used %.0f %% of its CPUs, this JVM %.0f %%",
                        others * 100, jvmCpuFraction * 100));
            }
            if (!Double.isNaN(stealPercent) && stealPercent >= 1) {
                b.append(String.format(Locale.ROOT, "; steal %.0f %%", stealPercent));
            }
            return b.toString();
        }

        /** The host's run queue was long (or its CPUs stolen) in a fifth of the measured intervals or more, and in two at least. */
        public boolean hostContended() {
            return contendedIntervals >= 2 && contendedIntervals * 5 >= measuredIntervals;
        }

        /** Senders were behind the schedule in a tenth of the measured intervals or more. */
        public boolean behindOften() {
            return measuredIntervals > 0 && behindIntervals * 10 >= measuredIntervals;
        }
    }
}
