package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javax.jms.Connection;
import javax.jms.Session;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.harness.core.jms.LoopbackArtemis;
import dev.harness.core.jms.artemis.ArtemisProvider;

/**
 * The broker's count, asked of a real Artemis over TCP on 127.0.0.1. Its session holds a
 * temporary queue (management's answers); a broker stopped while that session is open logs the
 * queue's removal as an error on the user's console, so a close must end the session itself.
 */
@Timeout(60)
class BrokerDepthTest {
    private LoopbackArtemis broker;
    private ArtemisProvider provider;

    @BeforeEach
    void start() throws Exception {
        broker = LoopbackArtemis.start();
        provider = new ArtemisProvider(broker.url(), null, null);
    }

    @AfterEach
    void stop() throws Exception {
        try {
            provider.close();
        } finally {
            broker.close();
        }
    }

    @Test
    void aCloseDeletesItsReplyQueueAndEndsItsSessionBeforeItReturns() throws Exception {
        try (Connection c = provider.connect()) { // a queue with one message on it to count
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            s.createProducer(s.createQueue("DEPTH.1")).send(s.createBytesMessage());
        }
        BrokerDepth depth = BrokerDepth.start(provider, List.of("DEPTH.1"));
        long deadline = System.nanoTime() + 20_000_000_000L;
        boolean told = false;
        while (!told && System.nanoTime() < deadline) {
            Thread.sleep(20);
            told = depth.paging() == 0 && depth.depth() == 1; // read together: a count goes stale after half a second
        }
        assertTrue(told, "the broker told its count and paging, so the management session is open");
        assertTrue(broker.server().getSessions().size() > 0);
        assertTrue(broker.server().getPostOffice().getAddresses().stream()
                .anyMatch(a -> a.toString().startsWith("activemq.management.")), "management's reply queue");

        depth.close();

        assertEquals(0, broker.server().getSessions().size(),
                "no session of the count's is left for the broker to end");
        assertTrue(broker.server().getPostOffice().getAddresses().stream()
                .noneMatch(a -> a.toString().startsWith("activemq.management.")),
                "management's reply queue was deleted, not left for the broker to remove when it notices the connection gone");
    }
}
