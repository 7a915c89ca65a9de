package dev.harness.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;
import dev.harness.core.run.RunControl;
import dev.harness.core.study.AbRounds.Side;

/** The rounds' policy, with a launcher that runs nothing: the order, the pairs kept, a failure, an interruption. */
class AbRoundsTest {
    private final List<String> ran = new ArrayList<>();

    /** Rounds whose failures are IllegalStateExceptions: a lost broker, say. */
    private static AbRounds<String> rounds(int n) {
        return new AbRounds<>(n, e -> e instanceof IllegalStateException);
    }

    private String name(int round, Side side) {
        return side + "" + round;
    }

    @Test
    void sidesAlternateRoundByRoundAndEveryPairIsKept() throws Exception {
        AbRounds.Outcome<String> o = rounds(3).run((round, side, control) -> name(round, side),
                (round, side, result) -> ran.add(result));
        assertEquals(List.of("A1", "B1", "A2", "B2", "A3", "B3"), ran, "A before B in every round: drift hits both");
        assertEquals(List.of("A1", "A2", "A3"), o.a());
        assertEquals(List.of("B1", "B2", "B3"), o.b());
        assertEquals(3, o.pairs());
        assertFalse(o.interrupted());
    }

    @Test
    void aFailedRoundEndsTheComparisonNamingItsRoundAndSide() {
        IllegalStateException broker = new IllegalStateException("the broker failed");
        AbRounds.RoundFailed f = assertThrows(AbRounds.RoundFailed.class, () -> rounds(3).run(
                (round, side, control) -> {
                    if (round == 2 && side == Side.B) {
                        throw broker;
                    }
                    return name(round, side);
                }, (round, side, result) -> ran.add(result)));
        assertEquals(2, f.round());
        assertEquals(Side.B, f.side());
        assertSame(broker, f.failure());
        assertEquals(List.of("A1", "B1", "A2"), ran, "no round after the failed one");
    }

    @Test
    void anInterruptionStopsTheRoundUnderWayWhichIsNoRoundAndKeepsWholePairs() throws Exception {
        AbRounds<String> rounds = rounds(5);
        List<RunControl> stopped = new ArrayList<>();
        AbRounds.Outcome<String> o = rounds.run((round, side, control) -> {
            if (round == 3 && side == Side.A) {
                rounds.interrupt(); // Ctrl-C during A's third round
                stopped.add(control);
            }
            return name(round, side);
        }, (round, side, result) -> ran.add(result));
        assertTrue(stopped.get(0).stopRequested(), "the round under way is told to stop");
        assertEquals(List.of("A1", "B1", "A2", "B2"), ran, "the round cut short is not told as a round");
        assertEquals(2, o.pairs());
        assertTrue(o.interrupted());
    }

    @Test
    void anInterruptionAfterAnAKeepsOnlyThePairsBeforeIt() throws Exception {
        AbRounds<String> rounds = rounds(3);
        AbRounds.Outcome<String> o = rounds.run((round, side, control) -> {
            if (round == 2 && side == Side.B) {
                rounds.interrupt();
                throw new IllegalStateException("stopped"); // a round ended by the stop fails: that is the interruption
            }
            return name(round, side);
        }, (round, side, result) -> ran.add(result));
        assertEquals(List.of("A1", "B1", "A2"), ran);
        assertEquals(List.of("A1"), o.a(), "A2 has no B to pair with");
        assertEquals(List.of("B1"), o.b());
        assertTrue(o.interrupted());
    }

    @Test
    void anExceptionThatIsNoRoundsFailureEndsTheRoundsAsItIs() {
        IllegalArgumentException badOptions = new IllegalArgumentException("--freeze-at: needs a broker to stop");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rounds(3).run(
                (round, side, control) -> {
                    throw badOptions;
                }, (round, side, result) -> ran.add(result)));
        assertSame(badOptions, e, "not a failed round: its own exit code stands");
    }

    @Test
    void roundsAreOneToAHundred() {
        assertThrows(SettingsException.class, () -> rounds(0));
        assertThrows(SettingsException.class, () -> rounds(AbRounds.MAX_ROUNDS + 1));
        assertEquals(AbRounds.MAX_ROUNDS, rounds(AbRounds.MAX_ROUNDS).rounds());
    }
}
