package dev.harness.core.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import dev.harness.core.jms.artemis.ArtemisProvider;

/**
 * How long a broker takes to come back after kill -9, against how deep its queue was and how many
 * messages were in uncommitted transactions at the time (seed 002's Figures 3 and 4): fill a
 * queue, leave a transaction open, kill the broker, restart it on the same journal, and time the
 * restart, the first message a consumer gets, and the drain of what was recovered.
 */
public final class RestartStudy {
    /** Starts and kills brokers; the CLI runs them as harness broker child processes. */
    public interface Brokers {
        /** Starts a broker on this journal and port and returns once it accepts connections. */
        Started start(Path dataDir, int port) throws Exception;
    }

    /** A broker that accepts connections, and how long that took from its process's start. */
    public record Started(Process process, long startMillis) {
    }

    public record Case(int depth, int uncommitted) {
    }

    /**
     * One case's figures.
     *
     * @param restartMillis process start to accepting connections, on the killed broker's journal
     * @param firstMessageMillis process start to a consumer's first message (-1 when the queue was empty)
     * @param drainMillis from the first message to the last one recovered
     * @param recovered messages a consumer got after the restart: the committed depth if nothing was lost
     */
    public record Result(Case c, long restartMillis, long firstMessageMillis, long drainMillis, long recovered) {
        /** Committed messages lost, or uncommitted ones that survived the kill: both must be 0. */
        public long wrong() {
            return Math.abs(recovered - c.depth());
        }
    }

    private static final String QUEUE = "HARNESS.RESTART.STUDY";
    private static final int COMMIT_EVERY = 1_000;

    private final Brokers brokers;
    private final int sizeBytes;
    private final Consumer<String> progress;

    public RestartStudy(Brokers brokers, int sizeBytes, Consumer<String> progress) {
        this.brokers = brokers;
        this.sizeBytes = sizeBytes;
        this.progress = progress;
    }

    /** Runs one case on a fresh journal in {@code dataDir}; the broker is gone when it returns. */
    public Result run(Case c, Path dataDir, int port) throws Exception {
        Started first = brokers.start(dataDir, port);
        String url = "tcp://127.0.0.1:" + port;
        Process restarted = null;
        try (ArtemisProvider provider = new ArtemisProvider(url, null, null)) {
            byte[] body = new byte[sizeBytes];
            Connection filler = provider.connect();
            Connection open = provider.connect();
            try {
                fill(filler, c.depth(), body, true);
                fill(open, c.uncommitted(), body, false); // sent, never committed: in flight at the kill
                progress.accept(String.format("depth %,d, uncommitted %,d: filled; kill -9", c.depth(), c.uncommitted()));
                first.process().destroyForcibly(); // SIGKILL: no shutdown of any kind
                first.process().waitFor(30, TimeUnit.SECONDS);
            } finally {
                Bounded.runAll("restart-study-close", List.of(() -> quietly(filler), () -> quietly(open)), 5_000);
            }
            Started again = brokers.start(dataDir, port);
            restarted = again.process();
            long processStartMs = System.currentTimeMillis() - again.startMillis();
            return drain(provider, c, again.startMillis(), processStartMs);
        } finally {
            first.process().destroyForcibly();
            if (restarted != null) {
                restarted.destroy();
                if (!restarted.waitFor(30, TimeUnit.SECONDS)) {
                    restarted.destroyForcibly();
                }
            }
        }
    }

    private void fill(Connection connection, int count, byte[] body, boolean commit) throws JMSException {
        Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
        Queue queue = session.createQueue(QUEUE);
        MessageProducer producer = session.createProducer(queue);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        for (int i = 1; i <= count; i++) {
            BytesMessage m = session.createBytesMessage();
            m.writeBytes(body);
            producer.send(m);
            if (commit && i % COMMIT_EVERY == 0) {
                session.commit();
            }
        }
        if (commit) {
            session.commit();
        }
    }

    private Result drain(ArtemisProvider provider, Case c, long restartMillis, long processStartMs) throws JMSException {
        Connection connection = provider.connect();
        try {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = session.createConsumer(session.createQueue(QUEUE));
            connection.start();
            long recovered = 0;
            long firstMs = -1;
            long lastMs = 0;
            // A generous wait for the first message, a short one for the end of the queue.
            for (Message m = consumer.receive(c.depth() > 0 ? 60_000 : 2_000); m != null; m = consumer.receive(2_000)) {
                lastMs = System.currentTimeMillis();
                if (firstMs < 0) {
                    firstMs = lastMs;
                }
                recovered++;
            }
            return new Result(c, restartMillis, firstMs < 0 ? -1 : firstMs - processStartMs,
                    firstMs < 0 ? 0 : lastMs - firstMs, recovered);
        } finally {
            quietly(connection);
        }
    }

    /** The cases of a grid, depths outer. */
    public static List<Case> grid(List<Integer> depths, List<Integer> uncommitted) {
        List<Case> cases = new ArrayList<>();
        for (int d : depths) {
            for (int u : uncommitted) {
                cases.add(new Case(d, u));
            }
        }
        return cases;
    }

    private static void quietly(Connection c) {
        try {
            c.close();
        } catch (JMSException | RuntimeException e) {
            // A connection to a killed broker: nothing left to close.
        }
    }
}
