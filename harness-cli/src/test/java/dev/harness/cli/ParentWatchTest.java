package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** A real process watched: the callback comes once it has exited, not before; none for a process already gone. */
class ParentWatchTest {
    @Test
    void theCallbackComesWhenTheWatchedProcessHasExited() throws Exception {
        Process parent = new ProcessBuilder("sleep", "30").start();
        try {
            CountDownLatch gone = new CountDownLatch(1);
            assertEquals(parent.pid(), ParentWatch.watch(Optional.of(parent.toHandle()), gone::countDown));
            assertFalse(gone.await(300, TimeUnit.MILLISECONDS), "not while it runs");
            parent.destroyForcibly(); // as a harness killed with SIGKILL
            assertTrue(gone.await(20, TimeUnit.SECONDS), "called once it exited");
        } finally {
            parent.destroyForcibly();
        }
    }

    @Test
    void aProcessAlreadyGoneOrNoneIsNotWatched() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor(10, TimeUnit.SECONDS);
        assertEquals(-1, ParentWatch.watch(Optional.of(done.toHandle()), () -> { }));
        assertEquals(-1, ParentWatch.watch(Optional.empty(), () -> { }));
    }
}
