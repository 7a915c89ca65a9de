package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.harness.core.broker.EmbeddedArtemis;
import dev.harness.core.jms.artemis.ArtemisProvider;

/**
 * --sessions-per-connection on real Artemis connections over 127.0.0.1: workers share them N to
 * one, a connection is closed when its last user lets go, one that a user let go of is handed out
 * no more, and its failure reaches every user's listener.
 */
class SharedConnectionsTest {
    private static EmbeddedArtemis broker;
    private static ArtemisProvider provider;
    private final List<Connection> made = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        broker = EmbeddedArtemis.startTemporary();
        provider = new ArtemisProvider(broker.url(), null, null);
    }

    @AfterAll
    static void stop() throws Exception {
        if (provider != null) {
            provider.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    private Connection open() throws JMSException {
        Connection c = provider.connect();
        made.add(c);
        return c;
    }

    private static boolean usable(Connection c) {
        try {
            c.createSession(false, Session.AUTO_ACKNOWLEDGE).close();
            return true;
        } catch (JMSException | RuntimeException e) {
            return false;
        }
    }

    @Test
    void workersShareConnectionsNToOneAndTheLastToLetGoClosesIt() throws Exception {
        SharedConnections shared = new SharedConnections(4);
        List<Connection> handles = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            handles.add(shared.connect(w, this::open));
        }
        assertEquals(2, made.size(), "8 workers, 4 sessions to a connection");
        assertEquals(2, shared.open());
        for (Connection h : handles) {
            assertTrue(usable(h), "each worker makes its session on its handle");
        }
        for (int w = 0; w < 3; w++) {
            handles.get(w).close();
            handles.get(w).close(); // a second close counts once
        }
        assertTrue(usable(made.get(0)), "still in use by the fourth worker");
        assertTrue(usable(handles.get(3)));
        handles.get(3).close();
        assertTrue(!usable(made.get(0)), "closed with its last user");
        assertTrue(usable(made.get(1)), "the other group's is its own");
        for (int w = 4; w < 8; w++) {
            handles.get(w).close();
        }
        assertTrue(!usable(made.get(1)));
    }

    @Test
    void aConnectionAUserLetGoOfIsHandedOutNoMoreAndItsFailureReachesEveryUser() throws Exception {
        SharedConnections shared = new SharedConnections(3);
        List<String> heard = new CopyOnWriteArrayList<>();
        Connection a = shared.connect(0, () -> {
            Connection c = open();
            c.setExceptionListener(e -> heard.add("the opener's"));
            return c;
        });
        Connection b = shared.connect(1, this::open);
        assertEquals(1, made.size());
        a.setExceptionListener(e -> heard.add("a"));
        b.setExceptionListener(e -> heard.add("b"));
        assertEquals(null, shared.connect(2, this::open).getExceptionListener(), "a handle's own listener, none yet");
        // The real connection's listener is what its provider calls when the connection is lost.
        made.get(0).getExceptionListener().onException(new JMSException("lost"));
        assertEquals(List.of("the opener's", "a", "b"), heard);
        assertEquals(0, shared.open(), "a connection that failed is handed out no more");

        a.close(); // a lost its connection and connects again: the group gets a new one
        Connection again = shared.connect(0, this::open);
        assertEquals(2, made.size());
        assertNotSame(made.get(0), made.get(1));
        assertTrue(usable(again));
        assertTrue(usable(b), "b stays where it was until it lets go");
        assertEquals(b, b);
        assertTrue(!a.equals(b));
        b.close();
        Connection b2 = shared.connect(1, this::open);
        assertEquals(2, made.size(), "b joins the group's new connection");
        assertThrows(IllegalArgumentException.class, () -> new SharedConnections(0));
        again.close();
        b2.close();
        assertTrue(!usable(made.get(1)));
    }

    /** Workers of one group share one connect: its failure is theirs, not a try each, one after another. */
    @Test
    void aGroupsWorkersShareOneConnectAndItsFailure() throws Exception {
        SharedConnections shared = new SharedConnections(2);
        java.util.concurrent.CountDownLatch opening = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch fail = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger attempts = new java.util.concurrent.atomic.AtomicInteger();
        SharedConnections.Opener unreachable = () -> {
            attempts.incrementAndGet();
            opening.countDown();
            try {
                fail.await(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new JMSException("the broker did not answer");
        };
        java.util.concurrent.ExecutorService two = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            java.util.concurrent.Future<?> first = two.submit(() -> shared.connect(0, unreachable));
            assertTrue(opening.await(10, java.util.concurrent.TimeUnit.SECONDS));
            java.util.concurrent.Future<?> second = two.submit(() -> shared.connect(1, unreachable));
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
            while (shared.waiting() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5); // until the second waits on the first's connect
            }
            assertEquals(1, shared.waiting());
            fail.countDown();
            for (java.util.concurrent.Future<?> f : List.of(first, second)) {
                java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                        () -> f.get(10, java.util.concurrent.TimeUnit.SECONDS));
                assertEquals("the broker did not answer", e.getCause().getMessage());
            }
            assertEquals(1, attempts.get(), "one connect for the group");
            assertTrue(usable(shared.connect(0, this::open)), "the next connect tries again");
        } finally {
            two.shutdownNow();
        }
    }
}
