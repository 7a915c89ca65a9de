package dev.harness.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;

/**
 * The application {@link ProbeIT} probes, in a child JVM: Jakarta Messaging on the Artemis client
 * against a harness broker. It connects and creates its sessions and producers first (so the
 * probe meets producers made before it came), writes {@code ready}, then for each file
 * {@code go-K} that appears in its directory makes one batch of calls at known counts and writes
 * {@code done-K} with its own timing of its sends; it stops when {@code exit} appears (bounded: 10 min).
 */
public final class ProbedApp {
    /** What one batch does, per hlog tag. */
    static final int SEND_SYNCPOINT = 51;
    static final int COMMIT = 5;
    static final int ROLLBACK = 1;
    static final int SEND = 30;
    static final int RECEIVE = 70;
    static final int ON_MESSAGE = 10;
    static final int EMPTY_RECEIVES = 1;
    /** Of the SEND sends, those of the JMSProducer, non-persistent; the rest and every SEND_SYNCPOINT persistent. */
    static final int SEND_NON_PERSISTENT = ON_MESSAGE;

    private ProbedApp() {
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
        String url = args[0];
        Path dir = Path.of(args[1]);
        ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(url);
        try (Connection c = cf.createConnection(); JMSContext ctx = cf.createContext()) {
            Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
            Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Session listening = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue q = plain.createQueue("PROBE.WORK");
            Queue l = plain.createQueue("PROBE.LISTENED");
            MessageProducer txProducer = tx.createProducer(q);
            txProducer.setDeliveryMode(DeliveryMode.PERSISTENT);
            MessageProducer producer = plain.createProducer(q);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            MessageConsumer consumer = plain.createConsumer(q);
            Counting listener = new Counting();
            listening.createConsumer(l).setMessageListener(listener);
            JMSProducer jmsProducer = ctx.createProducer().setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            c.start();
            IdleJvm.writeWhole(dir.resolve("ready"), Long.toString(ProcessHandle.current().pid()));
            long deadline = System.nanoTime() + 600_000_000_000L;
            for (int k = 1; System.nanoTime() < deadline; ) {
                if (Files.exists(dir.resolve("exit"))) {
                    return;
                }
                if (!Files.exists(dir.resolve("go-" + k))) {
                    Thread.sleep(20);
                    continue;
                }
                long txNs = 0;
                long plainNs = 0;
                for (int i = 0; i < COMMIT; i++) {
                    for (int j = 0; j < 10; j++) {
                        Message m = tx.createTextMessage("tx " + k + " " + i + " " + j);
                        long t0 = System.nanoTime();
                        txProducer.send(m);
                        txNs += System.nanoTime() - t0;
                    }
                    tx.commit();
                }
                Message undone = tx.createTextMessage("rolled back");
                long t0 = System.nanoTime();
                txProducer.send(undone);
                txNs += System.nanoTime() - t0;
                tx.rollback();
                for (int i = 0; i < 20; i++) {
                    Message m = plain.createTextMessage("plain " + k + " " + i);
                    long t1 = System.nanoTime();
                    producer.send(m);
                    plainNs += System.nanoTime() - t1;
                }
                int before = listener.seen.get();
                for (int i = 0; i < ON_MESSAGE; i++) {
                    jmsProducer.send(l, "listened " + k + " " + i);
                }
                for (int i = 0; i < RECEIVE; i++) {
                    if (consumer.receive(10_000) == null) {
                        throw new IllegalStateException("message " + i + " of batch " + k + " never came");
                    }
                }
                if (consumer.receiveNoWait() != null) {
                    throw new IllegalStateException("more messages than sent in batch " + k);
                }
                long waitUntil = System.nanoTime() + 10_000_000_000L;
                while (listener.seen.get() < before + ON_MESSAGE && System.nanoTime() < waitUntil) {
                    Thread.sleep(5);
                }
                IdleJvm.writeWhole(dir.resolve("done-" + k), "send-syncpoint-ns=" + txNs + " send-ns=" + plainNs
                        + " listened=" + (listener.seen.get() - before) + " status="
                        + System.getProperty("harness.probe.status"));
                k++;
            }
        }
    }
}
