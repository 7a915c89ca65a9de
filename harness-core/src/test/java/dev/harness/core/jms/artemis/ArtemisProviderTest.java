package dev.harness.core.jms.artemis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.harness.core.jms.Errors;
import dev.harness.core.jms.LoopbackArtemis;

/**
 * Which failures a new connection can cure, told apart from errors a real Artemis broker gives
 * over TCP on 127.0.0.1: a full address (policy FAIL) is a refused request; connections dropped
 * as by a killed broker are lost connections.
 */
@Timeout(60)
class ArtemisProviderTest {
    private LoopbackArtemis broker;
    private ArtemisProvider provider;
    private Connection connection;

    @BeforeEach
    void start() throws Exception {
        broker = LoopbackArtemis.start(c -> c
                .addAddressSetting("FULL.#", new AddressSettings()
                        .setMaxSizeBytes(64 * 1024)
                        .setAddressFullMessagePolicy(AddressFullMessagePolicy.FAIL)));
        provider = new ArtemisProvider(broker.url(), null, null);
        connection = provider.connect();
    }

    @AfterEach
    void stop() throws Exception {
        try {
            connection.close();
        } catch (JMSException e) {
            // its connection may be dropped already
        }
        provider.close();
        broker.close();
    }

    @Test
    void aFullAddressIsARefusedRequest() throws Exception {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = session.createProducer(session.createQueue("FULL.1"));
        producer.setDeliveryMode(DeliveryMode.PERSISTENT); // a blocking send: the broker's refusal comes back
        JMSException e = assertThrows(JMSException.class, () -> {
            for (int i = 0; i < 1_000; i++) { // 1 MiB into 64 KiB
                BytesMessage m = session.createBytesMessage();
                m.writeBytes(new byte[1024]);
                producer.send(m);
            }
        });
        assertFalse(provider.reconnectCures(e), provider.explain(e));
        assertTrue(provider.explain(e).contains("full"), provider.explain(e));
    }

    @Test
    void droppedConnectionsAreLostConnections() throws Exception {
        Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
        MessageProducer producer = session.createProducer(session.createQueue("OK.1"));
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        producer.send(session.createBytesMessage());
        // As a killed broker does: the TCP connections drop, with no goodbye to the client.
        broker.server().getRemotingService().getConnections()
                .forEach(c -> c.getTransportConnection().forceClose());
        JMSException e = assertThrows(JMSException.class, () -> {
            for (int i = 0; i < 1_000; i++) {
                producer.send(session.createBytesMessage());
                session.commit();
            }
        });
        ActiveMQException artemis = Errors.chain(e).stream().filter(ActiveMQException.class::isInstance)
                .map(ActiveMQException.class::cast).findFirst().orElse(null);
        // Either the send meets the dropped connection (Artemis's own type decides), or the client
        // noticed the drop first and closed the session (a race on a busy machine): both are a
        // lost connection, never a refused request.
        assertTrue(artemis != null || e instanceof javax.jms.IllegalStateException,
                "the client's own error type decides: " + Errors.chain(e));
        assertTrue(provider.reconnectCures(e), (artemis == null ? "closed" : artemis.getType()) + ": " + provider.explain(e));
    }
}
