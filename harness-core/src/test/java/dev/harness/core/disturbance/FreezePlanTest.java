package dev.harness.core.disturbance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;

/** --freeze-at and its companions: the stops planned, and every way they can be wrong, named by option. */
class FreezePlanTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final long SCHEDULE = 12 * S;
    private static final long SELF = 4242;

    private static FreezePlan at(List<Long> at, List<Long> lengths) {
        return FreezePlan.of(at, lengths, null, null, null, null, null, SCHEDULE, true, "embedded", SELF, false);
    }

    private static String refused(Runnable r) {
        return assertThrows(SettingsException.class, r::run).getMessage();
    }

    @Test
    void stopsAtGivenTimesInOrderOrEveryIntervalOnTheHarnesssOwnChild() {
        FreezePlan plan = at(List.of(8 * S, 2 * S), List.of(1 * S, 500 * MS));
        assertEquals(List.of(new FreezePlan.Planned(2 * S, 500 * MS), new FreezePlan.Planned(8 * S, 1 * S)), plan.stops());
        assertTrue(plan.ownChild());
        FreezePlan every = FreezePlan.of(List.of(), List.of(100 * MS), 1 * S, 10, null, null, null, SCHEDULE, true,
                "embedded", SELF, false);
        assertEquals(10, every.stops().size());
        assertEquals(new FreezePlan.Planned(10 * S, 100 * MS), every.stops().get(9));
        assertEquals("10 stops: 100ms at 1s, 100ms at 2s, 100ms at 3s, 100ms at 4s, 100ms at 5s, ...", every.describe());
        assertEquals("2s at 8s", at(List.of(8 * S), List.of(2 * S)).describe());
        assertNull(at(List.of(), List.of()));
    }

    @Test
    void aBrokerElsewhereIsStoppedByItsPidOrByCommands() {
        FreezePlan pid = FreezePlan.of(List.of(5 * S), List.of(S), null, null, 77L, null, null, SCHEDULE, false, "artemis",
                SELF, false);
        assertEquals(77L, pid.brokerPid());
        FreezePlan cmds = FreezePlan.of(List.of(5 * S), List.of(S), null, null, null, "pkill -STOP x", "pkill -CONT x",
                SCHEDULE, false, "ibmmq", SELF, false);
        assertEquals("pkill -STOP x", cmds.freezeCmd());
        assertTrue(refused(() -> FreezePlan.of(List.of(5 * S), List.of(S), null, null, null, null, null, SCHEDULE, false,
                "ibmmq", SELF, false)).startsWith("--freeze-at: the harness stops a broker it runs itself"));
    }

    @Test
    void theEmbeddedBrokerIsThisProcessAndIsNeverStopped() {
        assertTrue(refused(() -> FreezePlan.of(List.of(5 * S), List.of(S), null, null, SELF, null, null, SCHEDULE, false,
                "artemis", SELF, false)).startsWith("--broker-pid: 4242 is this harness's own process"));
        assertTrue(refused(() -> FreezePlan.of(List.of(5 * S), List.of(S), null, null, 77L, null, null, SCHEDULE, true,
                "embedded", SELF, false)).startsWith("--broker-pid: the run drives the embedded broker"));
    }

    @Test
    void badCombinationsAreRefusedNamingTheOption() {
        assertTrue(refused(() -> at(List.of(), List.of(S))).startsWith("--freeze-for: applies with --freeze-at"));
        assertTrue(refused(() -> at(List.of(5 * S), List.of())).startsWith("--freeze-for: expected with --freeze-at"));
        assertTrue(refused(() -> at(List.of(2 * S, 5 * S, 8 * S), List.of(S, S))).startsWith("--freeze-for: expected once"));
        assertTrue(refused(() -> at(List.of(11 * S), List.of(2 * S))).contains("does not"));
        assertTrue(refused(() -> at(List.of(0L), List.of(S))).startsWith("--freeze-at: expected every stop to begin after"));
        assertTrue(refused(() -> at(List.of(2 * S, 2500 * MS), List.of(S))).contains("has not ended when the one at 2500ms"));
        assertTrue(refused(() -> at(List.of(2 * S), List.of(0L))).startsWith("--freeze-for: expected 1ms or more"));
        assertTrue(refused(() -> FreezePlan.of(List.of(2 * S), List.of(S), 3 * S, 2, null, null, null, SCHEDULE, true,
                "embedded", SELF, false)).startsWith("--freeze-every: give --freeze-at (repeatable) or --freeze-every"));
        assertTrue(refused(() -> FreezePlan.of(List.of(), List.of(S), 3 * S, null, null, null, null, SCHEDULE, true,
                "embedded", SELF, false)).startsWith("--freeze-count: expected with --freeze-every"));
        assertTrue(refused(() -> FreezePlan.of(List.of(), List.of(S), S, 3, null, null, null, SCHEDULE, true,
                "embedded", SELF, false)).startsWith("--freeze-every: expected longer than --freeze-for"));
        assertTrue(refused(() -> FreezePlan.of(List.of(), List.of(S), 3 * S, 4, null, null, null, SCHEDULE, true,
                "embedded", SELF, false)).contains("the stop at 12s for 1s does not")); // the fourth ends past 12 s
        assertTrue(refused(() -> FreezePlan.of(List.of(5 * S), List.of(S), null, null, null, "stop", null, SCHEDULE, false,
                "artemis", SELF, false)).startsWith("--freeze-cmd: expected with --thaw-cmd"));
        assertTrue(refused(() -> FreezePlan.of(List.of(5 * S), List.of(S), null, null, 77L, "stop", "go", SCHEDULE, false,
                "artemis", SELF, false)).startsWith("--broker-pid: give --broker-pid, or --freeze-cmd"));
        assertTrue(refused(() -> FreezePlan.of(List.of(5 * S), List.of(S), null, null, null, null, null, SCHEDULE, true,
                "embedded", SELF, true)).startsWith("--kill-broker-at: cannot be combined"));
        assertTrue(refused(() -> FreezePlan.of(List.of(), List.of(), null, null, 77L, null, null, SCHEDULE, false,
                "artemis", SELF, false)).startsWith("--broker-pid: applies with --freeze-at or --freeze-every"));
    }
}
