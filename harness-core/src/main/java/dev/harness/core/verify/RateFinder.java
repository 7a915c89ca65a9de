package dev.harness.core.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

import dev.harness.core.Units;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.schedule.ScheduleBounds;

/**
 * The rate a system holds for a workload, for verify's scenarios: an undisturbed run at the rate
 * asked, then at half of it, and so on, until one is VALID and achieves its rate. A run that only
 * began its measured phase behind (a cold JVM or broker on a busy host) is tried again at the same
 * rate with twice the warmup, up to a most.
 */
public final class RateFinder {
    /** Reasons a run is not valid that say its warmup was too short, not its rate too high. */
    static final Set<String> WARMING = Set.of(Reason.BACKLOG_AT_START, Reason.RATE_ABOVE_TARGET);

    /**
     * An undisturbed run's outcome.
     *
     * @param failure why it gave nothing to judge (it failed), or null when it ran to its end
     */
    public record Outcome(String failure, Validity validity, double achievedRate) {
        public static Outcome failed(String why) {
            return new Outcome(why, null, 0);
        }
    }

    /** Runs an undisturbed run at that rate after that warmup. */
    @FunctionalInterface
    public interface Trial {
        Outcome run(double rate, long warmupNs) throws Exception;
    }

    /**
     * What was found: the rate held (0 for none) and the warmup with which it was, and the line that
     * says so, the rates not held with it.
     */
    public record Found(double rate, long warmupNs, String line) {
    }

    private final int attempts;
    private final long maxWarmupNs;
    private final BooleanSupplier interrupted;

    /**
     * @param attempts runs at most
     * @param maxWarmupNs the longest warmup a run is tried with
     */
    public RateFinder(int attempts, long maxWarmupNs, BooleanSupplier interrupted) {
        this.attempts = attempts;
        this.maxWarmupNs = maxWarmupNs;
        this.interrupted = interrupted;
    }

    /** From {@code rate} after {@code warmupNs}; the line names the workload. */
    public Found find(String workload, double rate, long warmupNs, Trial trial) throws Exception {
        double asked = rate;
        long warmup = warmupNs;
        List<String> tried = new ArrayList<>();
        for (int attempt = 0; attempt < attempts && !interrupted.getAsBoolean(); attempt++) {
            Outcome o = trial.run(asked, warmup);
            String why;
            boolean warming = false;
            if (o.failure() != null) {
                why = o.failure();
            } else if (o.validity().valid() && ScheduleBounds.rateHeld(asked, o.achievedRate())) {
                return new Found(asked, warmup, workload + ": " + Units.rate(asked) + " msg/s held (an undisturbed run"
                        + " after a " + seconds(warmup) + " s warmup: VALID, " + Units.rate(o.achievedRate()) + " msg/s)"
                        + (tried.isEmpty() ? "" : "; not held: " + String.join("; ", tried)));
            } else {
                why = o.validity().valid() ? Units.rate(o.achievedRate()) + " msg/s achieved"
                        : "NOT VALID: " + o.validity().codes();
                warming = !o.validity().valid() && o.validity().reasons().stream()
                        .allMatch(reason -> WARMING.contains(reason.code()));
            }
            tried.add(Units.rate(asked) + " msg/s after " + seconds(warmup) + " s (" + why + ")");
            if (warming && warmup < maxWarmupNs) {
                warmup *= 2;
            } else {
                asked /= 2;
            }
        }
        return new Found(0, warmupNs, workload + ": no rate held: " + String.join("; ", tried));
    }

    private static long seconds(long ns) {
        return ns / 1_000_000_000L;
    }
}
