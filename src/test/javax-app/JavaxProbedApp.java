import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSContext;
import javax.jms.JMSProducer;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * The javax.jms application JavaxProbeIT probes: JMS 2.0 on Artemis's javax client
 * (artemis-jms-client) against a harness broker, in a child JVM on a class path without any
 * Jakarta client. Not compiled by the build (the e2e classes are compiled against the Jakarta
 * API): the test compiles it. Connects, writes {@code ready}, waits for {@code go}, makes one
 * batch of calls at the counts JavaxProbeIT expects, writes {@code done} and exits.
 */
public final class JavaxProbedApp {
    private JavaxProbedApp() {
    }

    /** A named class: a lambda's hidden class cannot be retransformed. */
    static final class Counting implements MessageListener {
        final AtomicInteger seen = new AtomicInteger();

        @Override
        public void onMessage(Message message) {
            seen.incrementAndGet();
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(args[0]);
        try (Connection c = cf.createConnection(); JMSContext ctx = cf.createContext()) {
            Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
            Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Session listening = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue q = plain.createQueue("JAVAX.WORK");
            Queue l = plain.createQueue("JAVAX.LISTENED");
            MessageProducer txProducer = tx.createProducer(q);
            txProducer.setDeliveryMode(DeliveryMode.PERSISTENT);
            MessageProducer producer = plain.createProducer(q);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            MessageConsumer consumer = plain.createConsumer(q);
            Counting listener = new Counting();
            listening.createConsumer(l).setMessageListener(listener);
            JMSProducer jmsProducer = ctx.createProducer();
            c.start();
            Files.writeString(dir.resolve("ready"), Long.toString(ProcessHandle.current().pid()));
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (!Files.exists(dir.resolve("go"))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no go within 2 minutes");
                }
                Thread.sleep(20);
            }
            // send-syncpoint 21, commit 2, rollback 1
            for (int i = 1; i <= 20; i++) {
                txProducer.send(tx.createTextMessage("tx " + i));
                if (i % 10 == 0) {
                    tx.commit();
                }
            }
            txProducer.send(tx.createTextMessage("rolled back"));
            tx.rollback();
            // send 15: 10 on a MessageProducer, 5 on a JMSProducer (counted once, not again underneath)
            for (int i = 0; i < 10; i++) {
                producer.send(plain.createTextMessage("plain " + i));
            }
            for (int i = 0; i < 5; i++) {
                jmsProducer.send(l, "listened " + i);
            }
            // receive 30, and one receive that returned nothing
            for (int i = 0; i < 30; i++) {
                if (consumer.receive(10_000) == null) {
                    throw new IllegalStateException("message " + i + " never came");
                }
            }
            if (consumer.receiveNoWait() != null) {
                throw new IllegalStateException("more messages than sent");
            }
            // on-message 5
            long waitUntil = System.nanoTime() + 10_000_000_000L;
            while (listener.seen.get() < 5 && System.nanoTime() < waitUntil) {
                Thread.sleep(5);
            }
            Files.writeString(dir.resolve("done"), "listened=" + listener.seen.get());
        }
    }
}
