package dev.harness.core.measure;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;

import org.HdrHistogram.Histogram;

import dev.harness.core.host.HostSample;
import dev.harness.core.host.HostSampler;
import dev.harness.core.host.HostSummary;
import dev.harness.core.schedule.Schedule;

/**
 * All recording of one run: the per-message views, the pause-corrected view and the
 * per-second throughput, and the cutting of them into intervals and totals. Workers record
 * through {@link #recorder()}, {@link #pauseCorrected()} and {@link #meter()}; only the
 * interval thread calls {@link #takeInterval}.
 */
public final class Measurement implements AutoCloseable {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long warmupNs;
    private final LatencyRecorder recorder;
    /** Requests given up at their reply timeout, added to response and service at each cut. */
    private final LatencyRecorder timedOut;
    private final EnumMap<View, Histogram> timedOutWarmup = new EnumMap<>(View.class);
    private final EnumMap<View, Histogram> timedOutMeasured = new EnumMap<>(View.class);
    private final PauseCorrectedStats pauseCorrected;
    private final ThroughputMeter meter;
    private final HiccupMeter hiccups;
    private final GcPauses gcPauses;
    private final Histogram measuredHiccups = Histograms.create();
    private final HostSampler host;
    private final HostSummary hostSummary = new HostSummary();
    private final Outages outages;
    /** Measured responses recorded in intervals that touched an outage. */
    private final Histogram outageResponse = Histograms.create();
    private long measuredGcCount;
    private long measuredGcNs;

    private final EnumMap<View, Histogram> intervalWarmup = LatencyRecorder.newViewMap();
    private final EnumMap<View, Histogram> intervalMeasured = LatencyRecorder.newViewMap();
    private final EnumMap<View, Histogram> totalWarmup = LatencyRecorder.newViewMap();
    private final EnumMap<View, Histogram> totalMeasured = LatencyRecorder.newViewMap();
    private long startNs;
    /** Read by workers (WorkerTime) while --warmup auto moves it: volatile. */
    private volatile long warmupEndNs;
    private long startEpochMs;
    private int index;
    private long lastTickNs;
    private long cumulativeCompleted;
    /** Sends returned since the start, for each interval's depth. */
    private long sentSoFar;
    /**
     * Messages ahead of the schedule's on the queues ({@code --preload}) not yet received; null
     * where no depth is counted (request/response and publish/subscribe, whose sends a timeout or
     * a missed copy leaves never completed).
     */
    private volatile java.util.function.LongSupplier backlog;
    /** The broker's latest count of the run's queues; -1 for none. */
    private volatile BrokerCount brokerCount = BrokerCount.NONE;
    /** Each queue's depth as the harness counts it; null where it is not counted. */
    private volatile java.util.function.Supplier<long[]> perQueue;
    private long runMaxResponseNs;
    private long correctionsAdded;
    private long completedDuringWarmup;
    /** Publish/subscribe: a completion is a message's whole fan-out, not a delivery ({@link View#completions}). */
    private boolean fanOut;

    /**
     * Starts measuring this JVM (the pause detector's threads, the hiccup meter's thread, the GC
     * listener, the /proc sampler's first reading) and allocates everything the run records into
     * (histograms for every view and phase), before the schedule's start is chosen, so that none
     * of it eats into the lead before message 0. {@link #close} stops what this started.
     *
     * @param warmupNs how long the warmup lasts from the schedule's start
     * @param keepSeconds how many seconds of per-second throughput to keep
     * @param scheduledIntervalNs the schedule's interval between sends; 0 when unthrottled
     * @param pauseResolutionNs the pause detector's resolution (see {@link PauseCorrectedStats#start})
     * @param hiccupResolutionNs how long the hiccup meter's sleeps are (see {@link HiccupMeter#start})
     */
    public static Measurement start(long warmupNs, int keepSeconds, long scheduledIntervalNs, long pauseResolutionNs,
            long hiccupResolutionNs) {
        return new Measurement(warmupNs, keepSeconds, PauseCorrectedStats.start(scheduledIntervalNs, pauseResolutionNs),
                hiccupResolutionNs);
    }

    /** As above, with the hiccup meter's default resolution. */
    public static Measurement start(long warmupNs, int keepSeconds, long scheduledIntervalNs, long pauseResolutionNs) {
        return start(warmupNs, keepSeconds, scheduledIntervalNs, pauseResolutionNs, HiccupMeter.DEFAULT_RESOLUTION_NS);
    }

    /** With a given pause-corrected view: tests use one whose pauses they inject. */
    static Measurement start(long warmupNs, int keepSeconds, PauseCorrectedStats pauseCorrected) {
        return new Measurement(warmupNs, keepSeconds, pauseCorrected, HiccupMeter.DEFAULT_RESOLUTION_NS);
    }

    /**
     * Recording alone, none of this JVM's meters (no threads, no JFR): where an unmeasured burst
     * records, the same classes on the same path as the run's own, so that the JIT compiles them
     * before message 0. Nothing is cut from it; {@link #close} is still owed.
     */
    public static Measurement scratch(int keepSeconds, long scheduledIntervalNs) {
        return new Measurement(0, keepSeconds, new PauseCorrectedStats(null, scheduledIntervalNs), null, null, null);
    }

    private Measurement(long warmupNs, int keepSeconds, PauseCorrectedStats pauseCorrected, long hiccupResolutionNs) {
        this(warmupNs, keepSeconds, pauseCorrected, HiccupMeter.start(hiccupResolutionNs, pauseCorrected.voter()),
                GcPauses.start(), HostSampler.live());
    }

    private Measurement(long warmupNs, int keepSeconds, PauseCorrectedStats pauseCorrected, HiccupMeter hiccups,
            GcPauses gcPauses, HostSampler host) {
        this.hiccups = hiccups;
        this.gcPauses = gcPauses;
        this.host = host;
        this.warmupNs = warmupNs;
        this.recorder = new LatencyRecorder(Long.MAX_VALUE);
        this.timedOut = new LatencyRecorder(Long.MAX_VALUE, EnumSet.of(View.RESPONSE, View.SERVICE));
        for (View v : EnumSet.of(View.RESPONSE, View.SERVICE)) {
            timedOutWarmup.put(v, null);
            timedOutMeasured.put(v, null);
        }
        this.pauseCorrected = pauseCorrected;
        this.meter = new ThroughputMeter(keepSeconds);
        this.outages = new Outages(meter);
        if (host != null) {
            host.sample(System.nanoTime()); // primes the counters, and finds out what /proc lacks
        }
    }

    /** Publish/subscribe: completions are fan-outs, one per message, where response has one sample per delivery. */
    public void completesByFanOut() {
        this.fanOut = true;
    }

    /** What the host sampler cannot read here, one sentence each, for the run header. */
    public List<String> hostNotes() {
        return host == null ? List.of() : host.unavailable();
    }

    /**
     * Sets time zero to the schedule's start. Call once, before any worker starts. What this JVM's
     * meters saw before it (the wait for a start, a warm-up burst) is no part of the run: the
     * first interval's hiccups, GC pauses and host figures, and the run's longest pauses, begin here.
     */
    public void begin(Schedule schedule) {
        if (hiccups != null) {
            hiccups.takeInterval();
            gcPauses.forget();
            host.sample(System.nanoTime());
            pauseCorrected.forgetPauses();
        }
        this.startNs = schedule.startNs();
        this.warmupEndNs = startNs + warmupNs;
        this.startEpochMs = System.currentTimeMillis() + (startNs - System.nanoTime()) / 1_000_000L;
        this.lastTickNs = startNs;
        recorder.warmupEndsAt(warmupEndNs);
        pauseCorrected.follow(schedule);
        timedOut.warmupEndsAt(warmupEndNs);
        meter.startAt(startNs);
        meter.measureGapsFrom(warmupEndNs);
        meter.follow(schedule);
    }

    public LatencyRecorder recorder() {
        return recorder;
    }

    public PauseCorrectedStats pauseCorrected() {
        return pauseCorrected;
    }

    public ThroughputMeter meter() {
        return meter;
    }

    public Outages outages() {
        return outages;
    }

    /**
     * A request whose reply did not come within the timeout: counted, and kept in {@code response}
     * and {@code service} at the least its latency can be, so the percentiles never drop it.
     * Those values join the views at the next cut, apart from the completions.
     *
     * @param responseNs the timeout's end minus the intended send time
     * @param serviceNs the timeout
     */
    public void lost(long intendedNs, long responseNs, long serviceNs) {
        timedOut.record(View.RESPONSE, intendedNs, responseNs);
        timedOut.record(View.SERVICE, intendedNs, serviceNs);
    }

    public long warmupEndNs() {
        return warmupEndNs;
    }

    /**
     * Moves the end of warmup earlier ({@code --warmup auto}, once the schedule is kept), to a tick
     * still to come: messages intended from then on are measured, and intervals cut from then on.
     * Call on the interval thread, well before that time, so no message intended at or after it
     * can have been recorded yet.
     */
    public void endWarmupAt(long ns) {
        if (ns - warmupEndNs > 0 || ns - startNs < 0) {
            throw new IllegalArgumentException("the warmup's end may only move earlier, and not before the start");
        }
        warmupEndNs = ns;
        recorder.warmupEndsAt(ns);
        timedOut.warmupEndsAt(ns);
        meter.measureGapsFrom(ns);
    }

    /** The schedule's start, time zero. */
    public long startNs() {
        return startNs;
    }

    /** The end of the last interval cut. */
    public long lastCutNs() {
        return lastTickNs;
    }

    public long startEpochMs() {
        return startEpochMs;
    }

    /** Cuts the interval that ends at {@code tickNs}, a tick that is also the time of the cut. */
    public IntervalSnapshot takeInterval(long tickNs) {
        return takeInterval(tickNs, tickNs);
    }

    /**
     * Each interval counts its depth (put: sent less completed), with {@code backlog}'s messages
     * too (a preload's not yet received), and {@code broker}'s beside it: the broker's own latest
     * count and paging, read without waiting. Without this call all are -1.
     */
    public void depthFrom(java.util.function.LongSupplier backlog, BrokerCount broker) {
        depthFrom(backlog, broker, null);
    }

    /** As above, with each queue's depth as the harness counts it ({@code perQueue}, null where not counted). */
    public void depthFrom(java.util.function.LongSupplier backlog, BrokerCount broker,
            java.util.function.Supplier<long[]> perQueue) {
        this.backlog = backlog;
        this.brokerCount = broker;
        this.perQueue = perQueue;
    }

    /** What the broker itself says of the run's queues, as last asked: read at each cut without waiting. */
    public interface BrokerCount {
        BrokerCount NONE = new BrokerCount() {
            @Override
            public long depth() {
                return -1;
            }

            @Override
            public int paging() {
                return -1;
            }
        };

        /** Its count of the messages on the run's queues; -1 when none is known. */
        long depth();

        /** 1 when it pages any of them to disk, 0 when none, -1 when it does not say. */
        int paging();

        /** Its count of each queue's messages, in the run's order; null when not known. */
        default long[] depths() {
            return null;
        }
    }

    /**
     * Cuts the interval due at {@code dueNs} (a tick of the run's timeline, which decides the
     * phase) at {@code cutNs}, the {@code System.nanoTime()} when the cut really happens. The
     * interval is stamped with the real times, this cut's and the last one's, so its length and
     * rate are true when a cut comes late. The pause-corrected view is phased by the interval,
     * the others by intended send time. The snapshot owns its data: it may be read on another
     * thread, after later cuts.
     */
    public IntervalSnapshot takeInterval(long dueNs, long cutNs) {
        long tickNs = cutNs;
        Phase phase = dueNs <= warmupEndNs ? Phase.WARMUP : Phase.MEASURED;
        recorder.takeInterval(Phase.WARMUP, intervalWarmup);
        recorder.takeInterval(Phase.MEASURED, intervalMeasured);
        Histogram corrected = (phase == Phase.WARMUP ? intervalWarmup : intervalMeasured).get(View.PAUSE_CORRECTED);
        correctionsAdded += pauseCorrected.takeInterval(corrected);
        (phase == Phase.WARMUP ? intervalMeasured : intervalWarmup).get(View.PAUSE_CORRECTED).reset();

        for (View v : View.values()) {
            if (v != View.LOST) { // filled in below
                addIfAny(totalWarmup.get(v), intervalWarmup.get(v));
                addIfAny(totalMeasured.get(v), intervalMeasured.get(v));
            }
        }
        // response's count before the timed-out requests join it below: its completions alone.
        long completed = (fanOut ? intervalWarmup.get(View.FANOUT) : intervalWarmup.get(View.RESPONSE)).getTotalCount()
                + (fanOut ? intervalMeasured.get(View.FANOUT) : intervalMeasured.get(View.RESPONSE)).getTotalCount();
        long sent = intervalWarmup.get(View.PUT).getTotalCount() + intervalMeasured.get(View.PUT).getTotalCount();
        cumulativeCompleted += completed;
        sentSoFar += sent;
        java.util.function.LongSupplier ahead = backlog;
        long depth = ahead == null ? -1 : Math.max(0, sentSoFar + ahead.getAsLong() - cumulativeCompleted);
        if (phase == Phase.WARMUP) {
            completedDuringWarmup += completed;
        }
        addTimedOut(Phase.WARMUP, timedOutWarmup, intervalWarmup, totalWarmup);
        addTimedOut(Phase.MEASURED, timedOutMeasured, intervalMeasured, totalMeasured);

        Histogram response = intervalMeasured.get(View.RESPONSE);
        if (outages.touches(lastTickNs, tickNs)) {
            addIfAny(outageResponse, response);
        }
        boolean maxGrew = false;
        if (response.getTotalCount() > 0) {
            long max = response.getMaxValue();
            // The first measured interval sets the maximum; only later growth is news.
            maxGrew = runMaxResponseNs > 0 && max > runMaxResponseNs;
            runMaxResponseNs = Math.max(runMaxResponseNs, max);
        }
        Histogram hiccup = hiccups.takeInterval();
        GcPauses.Interval gc = gcPauses.takeInterval();
        HostSample hostSample = host.sample(System.nanoTime());
        if (phase == Phase.MEASURED) {
            hostSummary.add(hostSample);
            measuredHiccups.add(hiccup);
            measuredGcCount += gc.count();
            measuredGcNs += gc.pausedNs();
        }
        // Requests given up in this interval: the lost view holds each once.
        long lostNow = intervalWarmup.get(View.LOST).getTotalCount() + intervalMeasured.get(View.LOST).getTotalCount();
        IntervalSnapshot s = new IntervalSnapshot(
                new IntervalSnapshot.Span(index++, lastTickNs - startNs, tickNs - startNs, toEpochMs(lastTickNs),
                        toEpochMs(tickNs), phase),
                Histograms.copyOf(intervalWarmup), Histograms.copyOf(intervalMeasured),
                new IntervalSnapshot.Counts(completed, sent, cumulativeCompleted, lostNow, depth, brokerCount.depth(),
                        brokerCount.paging(), perQueue == null ? null : perQueue.get(), brokerCount.depths()),
                new IntervalSnapshot.RunMax(runMaxResponseNs, maxGrew),
                new IntervalSnapshot.Jvm(Histograms.copyOf(hiccup),
                        new GcPauses.Interval(gc.count(), gc.pausedNs(), Histograms.copyOf(gc.lengths()))),
                hostSample, outages.status());
        lastTickNs = tickNs;
        return s;
    }

    /**
     * Requests given up at their timeout join {@code response} and {@code service} after the
     * completions were counted (they are none), and make up the interval's {@code lost} view:
     * one recorder for all three, so the counts agree in every interval.
     */
    private void addTimedOut(Phase phase, EnumMap<View, Histogram> timedOutNow, EnumMap<View, Histogram> interval,
            EnumMap<View, Histogram> total) {
        timedOut.takeInterval(phase, timedOutNow);
        for (View v : timedOutNow.keySet()) {
            addIfAny(interval.get(v), timedOutNow.get(v));
            addIfAny(total.get(v), timedOutNow.get(v));
        }
        Histogram lostView = interval.get(View.LOST);
        lostView.reset();
        addIfAny(lostView, timedOutNow.get(View.RESPONSE));
        addIfAny(total.get(View.LOST), lostView);
    }

    /** Adding an empty histogram still walks every counter; most views are empty most of the time. */
    private static void addIfAny(Histogram total, Histogram interval) {
        if (interval.getTotalCount() > 0) {
            total.add(interval);
        }
    }

    private long toEpochMs(long ns) {
        return startEpochMs + (ns - startNs) / 1_000_000L;
    }

    /**
     * The summary of everything cut so far; call after the last {@link #takeInterval}. The
     * measured phase ends at the last completion, not at the cut: a run that waited in vain for
     * a lost message must not report a lower rate for it.
     */
    public MeasuredTotals totals() {
        long endNs = Math.max(warmupEndNs, Math.min(lastTickNs, meter.lastCompletionNs()));
        double measuredSeconds = Math.max(0, endNs - warmupEndNs) / 1e9;
        int firstSecond = (int) ((warmupEndNs - startNs + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND);
        int lastSecond = (int) ((endNs - startNs) / NANOS_PER_SECOND);
        return new MeasuredTotals(totalMeasured, totalWarmup, measuredSeconds, cumulativeCompleted - completedDuringWarmup,
                meter.seconds(firstSecond, lastSecond), pauseCorrected.pauseCount(), pauseCorrected.pauseTotalNs(),
                pauseCorrected.longestPauses(), correctionsAdded,
                totalWarmup.get(View.LOST).getTotalCount() + totalMeasured.get(View.LOST).getTotalCount(),
                new GcSummary(measuredHiccups, measuredGcCount, measuredGcNs, gcPauses.longest()), hostSummary,
                outages.summary(startNs), withoutOutage(),
                meter.longestGapNs() > 0 ? meter.longestGapStartNs() - startNs : -1, meter.longestGapNs(), meter.gaps(startNs));
    }

    /** The measured responses outside the intervals an outage touched; null when none did. */
    private Histogram withoutOutage() {
        if (outageResponse.getTotalCount() == 0) {
            return null;
        }
        Histogram h = totalMeasured.get(View.RESPONSE).copy();
        h.subtract(outageResponse);
        return h;
    }

    /**
     * The run's totals, ready for a summary.
     *
     * @param completedAfterWarmup completions (of any message) from the end of warmup on, by wall clock
     * @param correctionsAdded samples the pause-corrected view added for pauses, whole run
     * @param lost requests given up after the reply timeout, whole run
     * @param gc hiccups and GC pauses of this JVM, measured phase; the longest GC pauses of the whole run
     * @param host the host's queues over the measured phase
     * @param recovery the broker outage this run lived through, or null
     * @param responseWithoutOutage measured responses outside the intervals an outage touched, or null
     * @param gaps the measured phase's gaps, for a set of runs' common timeline
     */
    public record MeasuredTotals(EnumMap<View, Histogram> measured, EnumMap<View, Histogram> warmup,
            double measuredSeconds, long completedAfterWarmup, long[] perSecond, long jvmPauseCount,
            long jvmPauseTotalNs, List<JvmPause> longestJvmPauses, long correctionsAdded, long lost,
            GcSummary gc, HostSummary host, Outages.Recovery recovery, Histogram responseWithoutOutage,
            long longestGapFromNs, long longestGapNs, Gaps gaps) {
    }

    @Override
    public void close() {
        pauseCorrected.close();
        if (hiccups != null) {
            hiccups.close();
            gcPauses.close();
        }
    }
}
