package dev.harness.core.jms.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.harness.core.jms.LoopbackArtemis;
import dev.harness.core.jms.MemoryBound;

/**
 * What a real Artemis broker, over TCP on 127.0.0.1, tells through its management address: the
 * memory an address's messages may take and what it does past it, and whether it pages an address.
 */
@Timeout(60)
class ArtemisManagementTest {
    private static final long GLOBAL = 8L << 20;
    private LoopbackArtemis broker;
    private ArtemisProvider provider;
    private Connection connection;
    private Session session;

    @BeforeEach
    void start() throws Exception {
        broker = LoopbackArtemis.start(c -> c
                .setGlobalMaxSize(GLOBAL)
                .addAddressSetting("FULL.#", new AddressSettings()
                        .setMaxSizeBytes(64 * 1024)
                        .setAddressFullMessagePolicy(AddressFullMessagePolicy.BLOCK))
                .addAddressSetting("PAGED.#", new AddressSettings()
                        .setMaxSizeBytes(64 * 1024)
                        .setAddressFullMessagePolicy(AddressFullMessagePolicy.PAGE)));
        provider = new ArtemisProvider(broker.url(), null, null);
        connection = provider.connect();
        connection.start(); // management's answers come to this connection
        session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    @AfterEach
    void stop() throws Exception {
        try {
            connection.close();
            provider.close();
        } finally {
            broker.close();
        }
    }

    @Test
    void theMemoryAnAddressGetsIsItsOwnBoundAndTheBrokers() throws Exception {
        MemoryBound full = provider.memoryBound(session, "FULL.Q");
        assertEquals(new MemoryBound(64 * 1024, GLOBAL, "BLOCK"), full);
        assertFalse(full.pages());
        MemoryBound other = provider.memoryBound(session, "OTHER.Q");
        assertEquals(new MemoryBound(-1, GLOBAL, "PAGE"), other, "the broker's default: no bound of its own, paged");
    }

    @Test
    void anAddressPagesOncePastItsMemory() throws Exception {
        MessageProducer p = session.createProducer(session.createQueue("PAGED.Q"));
        p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        BytesMessage m = session.createBytesMessage();
        m.writeBytes(new byte[1024]);
        p.send(m);
        assertEquals(Boolean.FALSE, provider.paging(session, "PAGED.Q"), "one message: within 64 KiB");
        for (int i = 0; i < 200; i++) {
            p.send(m);
        }
        assertEquals(Boolean.TRUE, provider.paging(session, "PAGED.Q"), "200 KiB: past 64 KiB");
        assertTrue(provider.queueDepth(session, "PAGED.Q") >= 201, "and the count goes on: paged messages are counted");
        assertNull(provider.paging(session, "NO.SUCH.ADDRESS"), "an address that does not exist tells nothing");
    }
}
