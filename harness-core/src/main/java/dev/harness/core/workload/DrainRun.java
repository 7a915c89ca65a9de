package dev.harness.core.workload;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import javax.jms.JMSException;

import org.HdrHistogram.Histogram;

import dev.harness.core.Units;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.run.RunControl;

/**
 * harness drain: empties the queues the user named, whoever filled them, and says how fast, how
 * old the messages were when they were taken, and how deep each queue was at the start and the
 * end. A line per interval; the summary at the end, an interrupted drain's included.
 */
public final class DrainRun {
    /** How long the end waits for the consumers to commit what they hold. */
    private static final long STOP_BOUND_MS = 10_000;

    private final DrainSettings settings;
    private final RunControl control;

    /**
     * What a drain did.
     *
     * @param depthsAtStart each queue's depth before the first get, browsed (at most {@link QueueClaim#COUNT_BOUND})
     * @param depthsAtEnd each queue's depth after the last, browsed; -1 when it could not be counted
     * @param received each queue's messages taken
     * @param perSecond messages taken in each whole interval
     * @param ages age at receipt of every message with a timestamp, ns
     * @param stopReason why it ended: "empty", "duration", "count", "interrupted", or "failed" ({@code failure} says why)
     */
    public record Result(String target, List<String> queues, long[] depthsAtStart, long[] depthsAtEnd, long[] received,
            double seconds, long[] perSecond, Histogram ages, long skewed, long noTimestamp, String stopReason,
            String failure) {
        public long total() {
            return Arrays.stream(received).sum();
        }

        public double rate() {
            return seconds <= 0 ? 0 : total() / seconds;
        }
    }

    public DrainRun(DrainSettings settings, RunControl control) {
        this.settings = settings;
        this.control = control;
    }

    public Result run(Provider provider, PrintStream out) throws UnreachableException {
        List<String> queues = settings.queues();
        ConsumeOnly.mustExist(provider, queues);
        long[] atStart = depths(provider, queues);
        ConsumeOnly consumers = new ConsumeOnly(settings, control);
        consumers.open(provider);
        header(provider, out, atStart);
        Histogram ages = Histograms.create();
        List<Long> perInterval = new ArrayList<>();
        long start = System.nanoTime();
        String stop;
        try {
            consumers.start(start);
            out.printf(Locale.ROOT, "%8s %10s %10s %12s %14s %14s %14s%n", "elapsed", "received", "rate/s", "cumulative",
                    "age p50 (ms)", "age p99 (ms)", "age max (ms)");
            long tick = start + settings.intervalNs();
            long before = 0;
            long lastCut = start;
            while (true) {
                long now = System.nanoTime();
                stop = control.failure() != null ? "failed" : control.stopRequested() ? "interrupted"
                        : settings.durationNs() > 0 && now - start >= settings.durationNs() ? "duration"
                        : settings.count() > 0 && consumers.received() >= settings.count() ? "count"
                        : settings.emptyAfterNs() > 0 && now - consumers.lastReceiptNs() >= settings.emptyAfterNs() ? "empty"
                        : consumers.done() ? "stopped" : null;
                if (now >= tick || stop != null) {
                    Histogram h = consumers.agesSinceLast();
                    ages.add(h);
                    long total = consumers.received();
                    long got = total - before;
                    double seconds = (now - lastCut) / 1e9;
                    if (stop == null || got > 0) {
                        out.println(String.format(Locale.ROOT, "%7.1fs %10s %10s %12s %14s %14s %14s", (now - start) / 1e9,
                                Units.count(got), Units.rate(seconds <= 0 ? 0 : got / seconds), Units.count(total),
                                ms(h, 50), ms(h, 99), ms(h, 100)));
                    }
                    if (stop == null) {
                        perInterval.add(got);
                    }
                    before = total;
                    lastCut = now;
                    tick += settings.intervalNs();
                    if (stop != null) {
                        break;
                    }
                }
                LockSupport.parkNanos(Math.min(Math.max(tick - now, 0), TimeUnit.MILLISECONDS.toNanos(20)));
            }
        } catch (JMSException e) {
            throw new UnreachableException("cannot start consuming at " + provider.target() + ": " + provider.explain(e), e);
        } finally {
            control.requestStop("drained");
            consumers.awaitStopped(STOP_BOUND_MS);
            consumers.close();
        }
        // Up to the last receipt: the time spent finding the queues empty is no consumer's.
        long endNs = stop.equals("empty") ? consumers.lastReceiptNs() : System.nanoTime();
        ages.add(consumers.agesSinceLast());
        long[] received = new long[queues.size()];
        for (int q = 0; q < received.length; q++) {
            received[q] = consumers.received(q);
        }
        long[] atEnd = control.failure() != null ? filled(queues.size(), -1) : depths(provider, queues);
        return new Result(provider.target(), queues, atStart, atEnd, received, (endNs - start) / 1e9,
                perInterval.stream().mapToLong(Long::longValue).toArray(), ages, consumers.skewed(), consumers.noTimestamp(),
                stop, control.failure());
    }

    private void header(Provider provider, PrintStream out, long[] atStart) {
        out.println("harness drain against " + provider.target());
        List<String> each = new ArrayList<>();
        for (int q = 0; q < atStart.length; q++) {
            each.add(settings.queues().get(q) + " (" + depth(atStart[q]) + " at the start)");
        }
        out.println("  queues       " + String.join(", ", each));
        out.println("  consumers    " + settings.consumers() + " per queue, each on a connection of its own, synchronous"
                + " receive; " + settings.receiving().acknowledgement());
        out.println("  until        " + settings.until());
        out.println("  client       " + provider.client());
        out.println("  note: harness drain takes every message on the queues named, whoever put it there: the one mode"
                + " of the harness that consumes messages it did not send");
        out.println("  note: a message's age is this host's clock at receipt less its JMSTimestamp, its producer's"
                + " clock: a skew between the two clocks shifts every age");
        out.println();
    }

    /** Each queue's depth, browsed; -1 for one that could not be browsed. */
    private static long[] depths(Provider provider, List<String> queues) {
        long[] d = new long[queues.size()];
        for (int q = 0; q < d.length; q++) {
            try {
                d[q] = QueueClaim.depth(provider, queues.get(q));
            } catch (JMSException | RuntimeException e) {
                d[q] = -1;
            }
        }
        return d;
    }

    private static long[] filled(int n, long v) {
        long[] a = new long[n];
        Arrays.fill(a, v);
        return a;
    }

    /** "10,000", "at least 100,000", "unknown". */
    public static String depth(long n) {
        return n < 0 ? "unknown" : n == QueueClaim.COUNT_BOUND ? "at least " + Units.count(n) : Units.count(n);
    }

    private static String ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? "-" : Units.ms(percentile >= 100 ? h.getMaxValue() : Percentiles.at(h, percentile));
    }

    /** The summary, as the console prints it. */
    public static void summary(Result r, PrintStream out) {
        out.println();
        out.println("== summary: drain, " + Units.seconds(r.seconds()) + " ==");
        out.println("ended: " + switch (r.stopReason()) {
            case "empty" -> "the queues were empty";
            case "duration" -> "--duration passed";
            case "count" -> "--count messages were consumed";
            case "interrupted" -> "interrupted (what was consumed is counted below)";
            case "failed" -> "FAILED: " + r.failure();
            default -> "the consumers stopped";
        });
        out.printf(Locale.ROOT, "received %s messages in %s: %s msg/s cumulative%n", Units.count(r.total()),
                Units.seconds(r.seconds()), Units.rate(r.rate()));
        long[] ps = r.perSecond();
        if (ps.length > 0) {
            long[] sorted = ps.clone();
            Arrays.sort(sorted);
            out.printf(Locale.ROOT, "throughput per interval over %d whole intervals: min %s, median %s, max %s%n", ps.length,
                    Units.count(sorted[0]), Units.count(sorted[sorted.length / 2]), Units.count(sorted[sorted.length - 1]));
        }
        Histogram a = r.ages();
        if (a.getTotalCount() > 0) {
            out.printf(Locale.ROOT, "age at receipt (ms, the producer's clock): p50 %s, p90 %s, p99 %s, max %s over %s messages%n",
                    ms(a, 50), ms(a, 90), ms(a, 99), ms(a, 100), Units.count(a.getTotalCount()));
        }
        if (r.skewed() > 0) {
            out.printf(Locale.ROOT, "WARNING: %s messages carried a JMSTimestamp ahead of this host's clock: the producer's"
                    + " clock is ahead of this one's, and every age above is short by that much%n", Units.count(r.skewed()));
        }
        if (r.noTimestamp() > 0) {
            out.printf(Locale.ROOT, "%s messages had no JMSTimestamp (their producer disabled it): no age%n",
                    Units.count(r.noTimestamp()));
        }
        for (int q = 0; q < r.queues().size(); q++) {
            out.printf(Locale.ROOT, "depth of %s: %s at the start, %s at the end; %s received from it%n", r.queues().get(q),
                    depth(r.depthsAtStart()[q]), depth(r.depthsAtEnd()[q]), Units.count(r.received()[q]));
        }
    }
}
