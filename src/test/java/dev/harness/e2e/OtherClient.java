package dev.harness.e2e;

import java.util.Enumeration;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQSession;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

/**
 * Another application on the broker: Artemis's own Jakarta client in the test's JVM, no code of
 * the harness's. It puts text messages of its own and counts what a queue holds by browsing,
 * which takes nothing.
 */
final class OtherClient {
    /** The text every message it puts ends with. */
    static final String MARK = "of someone else's";

    private OtherClient() {
    }

    /** Puts {@code count} text messages on the queue, persistent or not. */
    static void put(String url, String queue, int count, boolean persistent) throws JMSException {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection c = factory.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(queue));
            p.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            for (int i = 0; i < count; i++) {
                p.send(s.createTextMessage("order " + i + " " + MARK));
            }
        }
    }

    /** How many messages the queue holds, browsed; each must be one {@link #put} put there. */
    static int count(String url, String queue) throws JMSException {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            int n = 0;
            try (QueueBrowser b = s.createBrowser(s.createQueue(queue))) {
                for (Enumeration<?> e = b.getEnumeration(); e.hasMoreElements(); n++) {
                    Object m = e.nextElement();
                    if (!(m instanceof TextMessage t) || !t.getText().endsWith(MARK)) {
                        throw new AssertionError("a message on " + queue + " that the other client did not put: " + m);
                    }
                }
            }
            return n;
        }
    }

    /** The harness runs whose messages the queue holds (their harness_run), browsed. */
    static java.util.Set<Long> harnessRunsOn(String url, String queue) throws JMSException {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            java.util.Set<Long> runs = new java.util.TreeSet<>();
            try (QueueBrowser b = s.createBrowser(s.createQueue(queue), "harness_run IS NOT NULL")) {
                for (Enumeration<?> e = b.getEnumeration(); e.hasMoreElements();) {
                    runs.add(((jakarta.jms.Message) e.nextElement()).getLongProperty("harness_run"));
                }
            }
            return runs;
        }
    }

    /** Whether the broker has the queue, asked without creating it. */
    static boolean exists(String url, String queue) throws Exception {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection c = factory.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            return ((ActiveMQSession) s).getCoreSession().queueQuery(SimpleString.of(queue)).isExists();
        }
    }
}
