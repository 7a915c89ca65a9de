package dev.harness.core.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

import dev.harness.core.SettingsException;

/**
 * A sweep's loop: a step per rate, lightest first, each a whole run with its own warmup and
 * validity. It ends at the last rate, when interrupted, or once {@code maxFailed} steps were NOT
 * VALID or broke the p99 bound: past the knee every further step only repeats the verdict, at a
 * heavier load on someone's broker.
 */
public final class Sweep {
    /** Runs one step at a rate; 0 runs it unthrottled (the capacity probe of {@code --to max}). */
    @FunctionalInterface
    public interface Launcher {
        SweepStep step(double rate) throws Exception;
    }

    /** Told of each step as it ends. */
    @FunctionalInterface
    public interface Progress {
        void stepped(int index, int of, SweepStep step);
    }

    /**
     * The steps run, in order, and why the sweep ended before its last rate (or null).
     *
     * @param interrupted the sweep was interrupted: the step under way is not among the steps
     * @param failure what ended it at a step after the first (the broker lost, the step refused), or null
     */
    public record Swept(List<SweepStep> steps, String ended, boolean interrupted, Exception failure) {
        public Swept(List<SweepStep> steps, String ended, boolean interrupted) {
            this(steps, ended, interrupted, null);
        }
    }

    private final int maxFailed;
    private final Long maxP99Ns;
    private final Launcher launcher;
    private final BooleanSupplier interrupted;

    /**
     * @param maxFailed NOT VALID (or over the bound) steps after which the sweep stops
     * @param maxP99Ns the response p99 a step keeps within, or null for none
     * @param interrupted asked after each step: true ends the sweep, without the step it interrupted
     */
    public Sweep(int maxFailed, Long maxP99Ns, Launcher launcher, BooleanSupplier interrupted) {
        SettingsException.atLeast("--stop-after-failed", maxFailed, 1);
        this.maxFailed = maxFailed;
        this.maxP99Ns = maxP99Ns;
        this.launcher = launcher;
        this.interrupted = interrupted;
    }

    /** The steps at these rates in order; a step's failure is thrown only when no step was done before it. */
    public Swept run(double[] rates, Progress progress) throws Exception {
        List<SweepStep> steps = new ArrayList<>();
        int failed = 0;
        for (int i = 0; i < rates.length; i++) {
            if (interrupted.getAsBoolean()) {
                return new Swept(steps, "was interrupted", true);
            }
            SweepStep step;
            try {
                step = launcher.step(rates[i]);
            } catch (Exception e) {
                if (interrupted.getAsBoolean()) {
                    return new Swept(steps, "was interrupted", true); // the step stopped because it was asked to
                }
                if (steps.isEmpty()) {
                    throw e; // nothing measured: the step's own failure
                }
                return new Swept(steps, "ended at a step that failed (" + e.getMessage() + ")", false, e);
            }
            if (interrupted.getAsBoolean()) {
                return new Swept(steps, "was interrupted", true);
            }
            steps.add(step);
            progress.stepped(i, rates.length, step);
            if (!step.valid() || step.broke(maxP99Ns)) {
                failed++;
            }
            if (failed >= maxFailed && i < rates.length - 1) {
                return new Swept(steps, String.format(Locale.ROOT, "stopped after %d step%s NOT VALID%s (--stop-after-failed %d)",
                        failed, failed == 1 ? "" : "s", maxP99Ns == null ? "" : " or over --max-p99", maxFailed), false);
            }
        }
        return new Swept(steps, null, false);
    }
}
