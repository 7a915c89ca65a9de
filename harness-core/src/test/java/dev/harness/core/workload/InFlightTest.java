package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.jms.JMSException;

import org.junit.jupiter.api.Test;

import dev.harness.core.run.RunControl;

/**
 * The in-flight window without a broker: the test plays the provider, calling the slots'
 * listener methods as a client's thread would. What it pins: at most N out, a full window waits
 * until an acknowledgement frees a slot, a failure reaches the worker, a lost connection carries
 * the unacknowledged sends (and only those) and turns late acknowledgements away.
 */
class InFlightTest {
    private final List<Long> acked = new ArrayList<>();
    private final RunControl control = new RunControl();
    private final InFlight window = new InFlight(3, (slot, ackNs) -> acked.add(slot.sequence), control);

    private InFlight.Slot send(long sequence) throws JMSException {
        InFlight.Slot s = window.acquire();
        s.sequence = sequence;
        s.intendedNs = sequence * 1_000;
        s.queue = (int) sequence % 2;
        return s;
    }

    @Test
    void acknowledgementsFreeSlotsAndReachTheWorkerOnce() throws Exception {
        InFlight.Slot a = send(0);
        InFlight.Slot b = send(1);
        assertNotSame(a, b);
        assertEquals(2, window.inDoubt());
        b.onCompletion(null);
        b.onCompletion(null); // a second call for one send changes nothing
        assertEquals(List.of(1L), acked);
        assertEquals(1, window.inDoubt());
        a.onCompletion(null);
        assertTrue(window.awaitAll(TimeUnit.SECONDS.toNanos(1)));
        assertEquals(2, window.acknowledged());
    }

    @Test
    void aFullWindowWaitsForAnAcknowledgement() throws Exception {
        InFlight.Slot first = send(0);
        send(1);
        send(2);
        Thread acker = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
            first.onCompletion(null);
        });
        acker.start();
        InFlight.Slot fourth = send(3); // waits until the first is acknowledged
        acker.join();
        assertEquals(List.of(0L), acked);
        assertEquals(3, window.inDoubt());
        assertTrue(window.fullNs() > 0 && window.fullWaits() == 1);
        assertFalse(fourth == null);
    }

    @Test
    void aReportedFailureReachesTheWorker() throws Exception {
        InFlight.Slot a = send(0);
        a.onException(null, new JMSException("connection lost"));
        JMSException e = assertThrows(JMSException.class, window::acquire);
        assertEquals("connection lost", e.getMessage());
        assertThrows(JMSException.class, () -> window.awaitAll(1_000_000));
    }

    @Test
    void aLostConnectionCarriesTheUnacknowledgedAndIgnoresTheirLateAcknowledgements() throws Exception {
        InFlight.Slot a = send(10);
        InFlight.Slot b = send(11);
        InFlight.Slot c = send(12);
        b.onCompletion(null);
        window.reset(true);
        assertEquals(2, window.carried());
        assertEquals(2, window.inDoubt());
        List<Long> carried = new ArrayList<>();
        while (window.carried() > 0) {
            int k = window.carried() - 1;
            carried.add(window.carriedSequence(k));
            assertEquals(window.carriedSequence(k) * 1_000, window.carriedIntendedNs(k), "its original intended time");
            window.takeCarried();
        }
        assertEquals(List.of(12L, 10L), carried);
        // The old connection's acknowledgements come late: the sends went out again, they count there.
        a.onCompletion(null);
        c.onException(null, new JMSException("late"));
        assertEquals(List.of(11L), acked);
        assertEquals(0, window.inDoubt());
        send(13); // the new generation has all its slots
        send(14);
        send(15);
        assertEquals(3, window.inDoubt());
    }

    @Test
    void aRolledBackUnitCarriesNothing() throws Exception {
        send(0);
        send(1);
        window.reset(false);
        assertEquals(0, window.carried());
        assertEquals(0, window.inDoubt());
    }

    @Test
    void aStopEndsTheWaitForASlot() throws Exception {
        send(0);
        send(1);
        send(2);
        control.requestStop("test");
        assertThrows(JMSException.class, window::acquire);
    }

    @Test
    void aCommitsWaitOutlastsAnyTimeoutUntilTheAcknowledgementComes() throws Exception {
        InFlight.Slot a = send(0);
        Thread acker = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
            a.onCompletion(null);
        });
        acker.start();
        assertTrue(window.awaitAllUnlessStopped(0), "no grace needed: the run is not stopping");
        acker.join();
        assertEquals(List.of(0L), acked);
    }

    @Test
    void aStopEndsACommitsWaitAfterItsGrace() throws Exception {
        send(0);
        control.requestStop("test");
        assertFalse(window.awaitAllUnlessStopped(1_000_000));
        assertEquals(1, window.inDoubt());
    }

    @Test
    void aSendInDoubtIsCountedOnceAcrossLostConnections() throws Exception {
        send(0);
        send(1).onCompletion(null);
        send(2);
        assertEquals(2, window.newlyInDoubt(), "the two unacknowledged");
        assertEquals(0, window.newlyInDoubt(), "counted already");
        window.reset(true);
        assertEquals(2, window.carried());
        // One carried send goes out again (counted at its loss), and one new one.
        InFlight.Slot again = send(window.carriedSequence(window.takeCarried()));
        again.countedInDoubt = true;
        send(3);
        assertEquals(1, window.newlyInDoubt(), "only the new send: the carried were counted at the first loss");
    }
}
