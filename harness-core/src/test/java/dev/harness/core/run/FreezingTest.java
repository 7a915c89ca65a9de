package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.disturbance.CommandFreezer;
import dev.harness.core.disturbance.FreezePlan;
import dev.harness.core.disturbance.Freezer;
import dev.harness.core.disturbance.SignalFreezer;
import dev.harness.core.disturbance.Stop;

/**
 * Stops of a real process: a {@code sleep} child stopped with SIGSTOP, its state read from
 * /proc, let go on with SIGCONT; the commands' variant with real scripts. Nothing here is timed
 * against a bound: the stops' lengths are what was measured, whatever the machine's load.
 */
class FreezingTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private Process sleeper;

    @AfterEach
    void end() {
        if (sleeper != null) {
            sleeper.destroyForcibly();
        }
    }

    /** The process's state letter: T when stopped, S when sleeping, R when running. */
    private static char state(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        return stat.charAt(stat.lastIndexOf(')') + 2);
    }

    /** Waits (bounded) for the state T, for a freeze made on another thread. */
    private static void awaitStopped(long pid) throws Exception {
        assertEquals('T', stoppedState(pid));
    }

    /** The state once it is T, or after 10 s. */
    private static char stoppedState(long pid) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (state(pid) != 'T' && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        return state(pid);
    }

    /** Not stopped: sleeping, or running on its way back to sleep. */
    private static void assertGoingOn(long pid) throws IOException {
        char state = state(pid);
        assertTrue(state == 'S' || state == 'R', "state " + state);
    }

    @Test
    void signalsStopTheProcessAndLetItGoOnAndCloseNeverLeavesItStopped() throws Exception {
        sleeper = new ProcessBuilder("sleep", "60").start();
        long pid = sleeper.pid();
        try (SignalFreezer f = new SignalFreezer(pid, "a sleep")) {
            assertEquals("SIGSTOP and SIGCONT to process " + pid + " (a sleep)", f.describe());
            f.freeze();
            assertEquals('T', state(pid), "freeze returns once the kernel says stopped, not when kill returns");
            f.thaw();
            assertGoingOn(pid);
            f.freeze();
        } // closed while stopped
        assertGoingOn(pid);
    }

    @Test
    void aProcessThatIsGoneIsAFailureSayingWhy() throws Exception {
        long gone = new ProcessBuilder("true").start().pid();
        Thread.sleep(100);
        try (SignalFreezer f = new SignalFreezer(gone, "gone")) {
            IOException e = assertThrows(IOException.class, f::freeze);
            assertTrue(e.getMessage().startsWith("kill -STOP " + gone + " failed"), e.getMessage());
        }
    }

    @Test
    void thePlanIsCarriedOutAndEachStopMeasuredWhereItWasMade() throws Exception {
        sleeper = new ProcessBuilder("sleep", "60").start();
        long pid = sleeper.pid();
        RunControl control = new RunControl();
        List<Stop> heard = new CopyOnWriteArrayList<>();
        List<Character> states = new CopyOnWriteArrayList<>();
        FreezePlan plan = new FreezePlan(List.of(new FreezePlan.Planned(50 * MS, 200 * MS),
                new FreezePlan.Planned(400 * MS, 100 * MS)), pid, null, null);
        long origin = System.nanoTime();
        SignalFreezer signals = new SignalFreezer(pid, "a sleep");
        Freezer watched = new Freezer() {
            @Override
            public void freeze() throws IOException {
                signals.freeze();
                states.add(state(pid));
            }

            @Override
            public void thaw() throws IOException {
                signals.thaw();
            }

            @Override
            public String describe() {
                return signals.describe();
            }

            @Override
            public void close() {
                signals.close();
            }
        };
        Freezing freezing = Freezing.start(watched, plan, origin, control, heard::add);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (heard.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        freezing.close();
        assertEquals(List.of('T', 'T'), states);
        assertGoingOn(pid);
        assertEquals(heard, freezing.stops());
        Stop first = heard.get(0);
        Stop second = heard.get(1);
        // Never shorter than asked (the thaw waits for the length from the stop's return), never before its time.
        assertTrue(first.atNs() >= 50 * MS && first.lengthNs() + first.uncertaintyNs() >= 200 * MS, first::toString);
        assertTrue(second.atNs() >= 400 * MS && second.lengthNs() + second.uncertaintyNs() >= 100 * MS, second::toString);
        assertTrue(second.atNs() > first.atNs() + first.lengthNs(), heard::toString);
        assertEquals(null, control.failure());
    }

    @Test
    void aRunThatStopsEndsTheStopUnderWayAndTheBrokerGoesOn() throws Exception {
        sleeper = new ProcessBuilder("sleep", "60").start();
        long pid = sleeper.pid();
        RunControl control = new RunControl();
        FreezePlan plan = new FreezePlan(List.of(new FreezePlan.Planned(1, TimeUnit.MINUTES.toNanos(10))), pid, null, null);
        Freezing freezing = Freezing.start(new SignalFreezer(pid, "a sleep"), plan, System.nanoTime(), control, s -> { });
        awaitStopped(pid);
        control.requestStop(RunControl.INTERRUPTED);
        freezing.close();
        assertGoingOn(pid);
        assertEquals(1, freezing.stops().size(), "the stop cut short is still measured");
    }

    @Test
    void aFreezerThatFailsFailsTheRunAndCommandsTheirOutputLogged() throws Exception {
        Path marks = dir.resolve("marks");
        List<String> log = new CopyOnWriteArrayList<>();
        RunControl control = new RunControl();
        FreezePlan plan = new FreezePlan(List.of(new FreezePlan.Planned(1, 50 * MS), new FreezePlan.Planned(200 * MS, 50 * MS)),
                null, "echo stop >> " + marks + "; echo stopped", "echo go >> " + marks);
        Freezing ok = Freezing.start(new CommandFreezer(plan.freezeCmd(), plan.thawCmd(), log::add), plan,
                System.nanoTime(), control, s -> { });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ok.stops().size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        ok.close();
        assertEquals(List.of("stop", "go", "stop", "go"), Files.readAllLines(marks));
        assertTrue(log.contains("--freeze-cmd: stopped"), log::toString);

        FreezePlan failing = new FreezePlan(List.of(new FreezePlan.Planned(1, 50 * MS)), null, "echo no such broker; exit 3",
                "echo go >> " + marks);
        Freezing bad = Freezing.start(new CommandFreezer(failing.freezeCmd(), failing.thawCmd(), log::add), failing,
                System.nanoTime(), control, s -> { });
        while (control.failure() == null && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        bad.close();
        assertNotNull(control.failure());
        assertTrue(control.failure().startsWith("--freeze-at: the broker could not be stopped: --freeze-cmd 'echo no such"
                + " broker; exit 3' failed with exit code 3: no such broker"), control.failure());
        assertEquals("go", Files.readAllLines(marks).get(4), "thawed after the failed freeze all the same");
    }
}
