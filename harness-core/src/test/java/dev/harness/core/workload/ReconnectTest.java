package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.harness.core.measure.Outages;
import dev.harness.core.measure.ThroughputMeter;
import dev.harness.core.run.RunControl;

/**
 * Reconnecting, with an opener that fails on cue: when the run is failed at once, when trying
 * goes on (bounded by the timeout), and what the outages are told. Timeouts here are short and
 * only bound the tests; nothing asserts how long anything took.
 */
class ReconnectTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private final FakeJms jms = new FakeJms();
    private final RunControl control = new RunControl();

    @Test
    void beforeTheRunALostConnectionFailsIt() {
        Reconnect r = new Reconnect(jms.provider(), control, 30_000 * MS);
        assertFalse(r.reopen("sender 0", () -> { }, new JMSException("lost"), System.nanoTime()));
        assertNotNull(control.failure());
        assertTrue(control.failure().startsWith("sender 0 lost its connection"), control.failure());
    }

    @Test
    void withReconnectingOffALostConnectionFailsTheRun() {
        Reconnect r = new Reconnect(jms.provider(), control, 0);
        r.start();
        assertFalse(r.enabled());
        assertFalse(r.mayCure(new JMSException("lost")));
        assertFalse(r.reopen("drainer 1", () -> { }, new JMSException("lost"), System.nanoTime()));
        assertTrue(control.failure().startsWith("drainer 1 lost its connection"), control.failure());
    }

    @Test
    void aRefusedRequestIsNeverCuredByConnectingAgain() {
        Reconnect r = new Reconnect(jms.provider(), control, 30_000 * MS);
        assertTrue(r.mayCure(new JMSException("connection lost")));
        assertFalse(r.mayCure(new InvalidDestinationException("no such queue")));
    }

    @Test
    @Timeout(30)
    void itTriesAgainUntilTheOpenerWorksAndTellsTheOutages() {
        Reconnect r = new Reconnect(jms.provider(), control, 30_000 * MS);
        Outages outages = new Outages(new ThroughputMeter(60));
        r.bind(outages);
        AtomicInteger attempts = new AtomicInteger();
        long lostNs = System.nanoTime();
        boolean back = r.reopen("requester 3", () -> {
            if (attempts.incrementAndGet() < 3) {
                throw new JMSException("still down");
            }
        }, new JMSException("lost"), lostNs);
        assertTrue(back);
        assertEquals(3, attempts.get());
        assertNull(control.failure());
        Outages.Recovery recovery = outages.summary(lostNs);
        assertEquals(1, recovery.reconnections());
        assertEquals("requester 3", recovery.longestReconnectWho());
    }

    @Test
    @Timeout(30)
    void itGivesUpAtTheTimeoutWithOneLineNamingTheWorkerAndTheOption() {
        Reconnect r = new Reconnect(jms.provider(), control, 300 * MS);
        r.start();
        AtomicInteger attempts = new AtomicInteger();
        assertFalse(r.reopen("sender 2", () -> {
            attempts.incrementAndGet();
            throw new JMSException("connection refused");
        }, new JMSException("lost"), System.nanoTime()));
        assertTrue(attempts.get() >= 1);
        String failure = control.failure();
        assertTrue(failure.startsWith("sender 2 lost its connection and could not connect again within")
                && failure.contains("(--reconnect-timeout)") && failure.contains("connection refused"), failure);
    }

    @Test
    @Timeout(30)
    void aStopEndsTheTryingWithoutAFailure() {
        Reconnect r = new Reconnect(jms.provider(), control, 30_000 * MS);
        r.start();
        control.requestStop("Ctrl-C");
        assertFalse(r.reopen("sender 0", () -> {
            throw new JMSException("down");
        }, new JMSException("lost"), System.nanoTime()));
        assertNull(control.failure());
    }
}
