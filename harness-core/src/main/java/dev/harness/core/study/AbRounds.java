package dev.harness.core.study;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import dev.harness.core.SettingsException;
import dev.harness.core.run.RunControl;

/**
 * harness ab's rounds: side A then side B, round after round, so that drift over time hits both
 * sides alike. The first round that fails ends them all; any other exception (bad options a round
 * found) ends them as it is. An interruption stops the round under way, which is then no round, and
 * only whole pairs of rounds are kept.
 *
 * @param <R> what one round gives: a run's summary in the CLI, anything in a test
 */
public final class AbRounds<R> {
    public enum Side {
        A, B
    }

    /** Runs one round of a side to its end, or until its control is told to stop. */
    @FunctionalInterface
    public interface Launcher<R> {
        R run(int round, Side side, RunControl control) throws Exception;
    }

    /** Told of each round as it ends, before the next starts. */
    @FunctionalInterface
    public interface Listener<R> {
        void ran(int round, Side side, R result);
    }

    /** A round that failed: the comparison ends with it. */
    public static final class RoundFailed extends Exception {
        private final int round;
        private final Side side;

        RoundFailed(int round, Side side, Exception cause) {
            super(cause.getMessage(), cause);
            this.round = round;
            this.side = side;
        }

        public int round() {
            return round;
        }

        public Side side() {
            return side;
        }

        /** What failed the round, as its launcher threw it. */
        public Exception failure() {
            return (Exception) getCause();
        }
    }

    /**
     * The rounds kept: as many of A's as of B's, in the order they ran.
     *
     * @param interrupted the rounds were stopped before all had run
     */
    public record Outcome<R>(List<R> a, List<R> b, boolean interrupted) {
        public int pairs() {
            return a.size();
        }
    }

    public static final int MAX_ROUNDS = 100;

    private final int rounds;
    private final Predicate<Exception> roundFailure;
    private volatile boolean interrupted;
    private volatile RunControl current;

    /**
     * @param rounds of each side, 1 to {@link #MAX_ROUNDS}
     * @param roundFailure which exceptions a failed round throws (a lost broker): those end the
     *     rounds as {@link RoundFailed}, or as an interruption when one came
     */
    public AbRounds(int rounds, Predicate<Exception> roundFailure) {
        SettingsException.require(rounds >= 1 && rounds <= MAX_ROUNDS, "--rounds",
                "expected 1 to " + MAX_ROUNDS + ", got " + rounds);
        this.rounds = rounds;
        this.roundFailure = roundFailure;
    }

    public int rounds() {
        return rounds;
    }

    /** Runs the rounds; the whole pairs that ran, or the first failure. */
    public Outcome<R> run(Launcher<R> launcher, Listener<R> listener) throws Exception {
        List<R> a = new ArrayList<>();
        List<R> b = new ArrayList<>();
        rounds:
        for (int round = 1; round <= rounds; round++) {
            for (Side side : Side.values()) {
                RunControl control = new RunControl();
                current = control;
                if (interrupted) {
                    break rounds; // checked after current is set: an interrupt from now on stops this round
                }
                R result;
                try {
                    result = launcher.run(round, side, control);
                } catch (Exception e) {
                    if (!roundFailure.test(e)) {
                        throw e;
                    }
                    if (interrupted) {
                        break rounds; // the failure is the interruption's doing
                    }
                    throw new RoundFailed(round, side, e);
                }
                if (interrupted) {
                    break rounds; // this round was cut short: not a round
                }
                (side == Side.A ? a : b).add(result);
                listener.ran(round, side, result);
            }
        }
        current = null;
        int pairs = Math.min(a.size(), b.size());
        return new Outcome<>(List.copyOf(a.subList(0, pairs)), List.copyOf(b.subList(0, pairs)), interrupted);
    }

    /** Stops the round under way (from another thread: Ctrl-C), and every round after it. */
    public void interrupt() {
        interrupted = true;
        RunControl round = current;
        if (round != null) {
            round.requestStop(RunControl.INTERRUPTED);
        }
    }
}
