import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * The application of harness probe's walkthrough: a producer on the Artemis client that sends
 * persistent messages at a fixed rate inside a transacted session, committing every 10, and a
 * listener that takes them off the queue again, so the probe has sends inside syncpoint,
 * commits and onMessage calls to time. Written against Jakarta Messaging (jakarta.jms); run.sh
 * builds the javax.jms variant from this same source by swapping the package of the imports.
 *
 * <p>Usage: {@code ProbeApp [URL] [RATE] [SECONDS]}: broker URL (default
 * tcp://127.0.0.1:61616, where ./harness broker listens), messages a second (default 100),
 * how long to send (default 0: until Ctrl-C).
 */
public final class ProbeApp {
    static final String QUEUE = "probe-example";
    static final int BATCH = 10;

    private ProbeApp() {
    }

    /** Counts what it takes off the queue: a class of its own, as the probe times onMessage only there (not in a lambda). */
    static final class Drain implements MessageListener {
        final AtomicLong received = new AtomicLong();

        @Override
        public void onMessage(Message message) {
            received.incrementAndGet();
        }
    }

    public static void main(String[] args) throws Exception {
        String url = args.length > 0 ? args[0] : "tcp://127.0.0.1:61616";
        int rate = args.length > 1 ? positive(args[1], "RATE") : 100;
        long seconds = args.length > 2 ? positive(args[2], "SECONDS") : 0;
        long pid = ProcessHandle.current().pid();
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection connection = factory.createConnection()) {
            Session tx = connection.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer producer = tx.createProducer(tx.createQueue(QUEUE));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            Session listening = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Drain drain = new Drain();
            listening.createConsumer(listening.createQueue(QUEUE)).setMessageListener(drain);
            connection.start();
            System.out.println("ProbeApp: pid " + pid + ", sending " + rate + " persistent messages/s to queue " + QUEUE
                    + " at " + url + ", a commit every " + BATCH + (seconds > 0 ? ", for " + seconds + " s" : ", until Ctrl-C"));
            System.out.println("ProbeApp: to probe it, in another terminal: ./harness probe --pid " + pid);
            long period = 1_000_000_000L / rate;
            long start = System.nanoTime();
            long total = seconds * rate; // 0: no end
            long i = 0;
            for (; total == 0 || i < total; i++) {
                long due = start + i * period; // a fixed schedule: a slow send does not move the next one
                long now;
                while ((now = System.nanoTime()) < due) {
                    LockSupport.parkNanos(due - now);
                }
                producer.send(tx.createTextMessage("message " + i));
                if (i % BATCH == BATCH - 1) {
                    tx.commit();
                }
            }
            tx.commit();
            System.out.println("ProbeApp: sent " + i + ", received " + drain.received.get());
        }
    }

    private static int positive(String value, String name) {
        try {
            int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        System.err.println("ProbeApp: " + name + ": expected a positive whole number, got '" + value + "'");
        System.exit(2);
        return 0;
    }
}
