package dev.harness.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.concurrent.locks.LockSupport;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * A messaging application that loads no messaging class until told to ({@link ProbeWatchIT},
 * {@link ProbeRateIT}), in a child JVM: writes {@code ready}, waits for {@code go}, then connects
 * (Jakarta Messaging on the Artemis client, a harness broker over TCP), sends a warm-up batch of
 * known counts and writes {@code warm-done}. With a rate argument it then sends persistent
 * messages paced at that rate, ten inside syncpoint and a commit, ten outside, and so on; each
 * file {@code mark-K} that appears ends a phase, and after {@link #PHASES} it writes
 * {@code rates} (per phase: sent, seconds, rate, latest it fell behind its schedule) and exits.
 * A file {@code check-NAME} has it write {@code checked-NAME}: which of its messaging classes
 * now run the probe's advice, as {@link ClassBytes} sees them. Bounded: 5 minutes.
 */
public final class PacedApp {
    static final int WARM_SEND_SYNCPOINT = 20;
    static final int WARM_COMMIT = 2;
    static final int WARM_SEND = 10;
    static final int PHASES = 3;

    private PacedApp() {
    }

    /** Starts it in a child JVM that can load {@link ClassBytes} into itself, its output into app.out and app.err of dir. */
    static Process start(Path dir, String url, int rate) throws IOException {
        Path jar = dir.resolve("class-bytes.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Agent-Class", ClassBytes.class.getName());
        manifest.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            // The class itself comes from the class path.
        }
        return new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-Djdk.attach.allowAttachSelf=true", "-cp", System.getProperty("java.class.path"), PacedApp.class.getName(), url,
                dir.toString(), Integer.toString(rate)).directory(dir.toFile())
                .redirectOutput(dir.resolve("app.out").toFile()).redirectError(dir.resolve("app.err").toFile()).start();
    }

    /** Waits (bounded) for a file the application writes. */
    static String await(Process app, Path dir, String name) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(dir.resolve(name))) {
            if (!app.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("no " + name + " from the application (" + (app.isAlive() ? "alive" : "exited")
                        + "):\n" + Files.readString(dir.resolve("app.err")));
            }
            Thread.sleep(20);
        }
        Thread.sleep(20); // written whole: the writer's one write has returned
        return Files.readString(dir.resolve(name));
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        Files.writeString(dir.resolve("ready"), Long.toString(ProcessHandle.current().pid()));
        long deadline = System.nanoTime() + 300_000_000_000L;
        // No messaging type in this method: none is loaded before go.
        while (!Files.exists(dir.resolve("go"))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no go within 5 minutes");
            }
            Thread.sleep(20);
        }
        Work.run(args[0], dir, Integer.parseInt(args[2]), deadline);
    }

    static final class Work {
        private Work() {
        }

        static void run(String url, Path dir, int rate, long deadline) throws Exception {
            ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(url);
            try (Connection c = cf.createConnection()) {
                Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
                Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer txProducer = tx.createProducer(tx.createQueue("PACED"));
                txProducer.setDeliveryMode(DeliveryMode.PERSISTENT);
                MessageProducer producer = plain.createProducer(plain.createQueue("PACED"));
                producer.setDeliveryMode(DeliveryMode.PERSISTENT);
                for (int i = 1; i <= WARM_SEND_SYNCPOINT; i++) {
                    txProducer.send(tx.createTextMessage("warm " + i));
                    if (i % 10 == 0) {
                        tx.commit();
                    }
                }
                for (int i = 0; i < WARM_SEND; i++) {
                    producer.send(plain.createTextMessage("warm"));
                }
                Files.writeString(dir.resolve("warm-done"), "");
                if (rate <= 0) {
                    while (!Files.exists(dir.resolve("exit")) && System.nanoTime() < deadline) {
                        checkOnRequest(dir, "after");
                        Thread.sleep(20);
                    }
                    return;
                }
                pace(dir, rate, deadline, tx, txProducer, plain, producer);
            }
        }

        private static void pace(Path dir, int rate, long deadline, Session tx, MessageProducer txProducer, Session plain,
                MessageProducer producer) throws Exception {
            long period = 1_000_000_000L / rate;
            StringBuilder rates = new StringBuilder();
            long start = System.nanoTime();
            long phaseStart = start;
            long phaseFirst = 0;
            long maxLag = 0;
            int phase = 1;
            for (long i = 0; System.nanoTime() < deadline; i++) {
                long due = start + i * period;
                long now;
                while ((now = System.nanoTime()) < due) {
                    LockSupport.parkNanos(due - now);
                }
                maxLag = Math.max(maxLag, now - due);
                if (Files.exists(dir.resolve("mark-" + phase))) {
                    rates.append(String.format("phase=%d sent=%d seconds=%.3f rate=%.1f maxLagMs=%d%n", phase,
                            i - phaseFirst, (now - phaseStart) / 1e9, (i - phaseFirst) * 1e9 / (now - phaseStart),
                            maxLag / 1_000_000));
                    phaseStart = now;
                    phaseFirst = i;
                    maxLag = 0;
                    if (++phase > PHASES) {
                        Files.writeString(dir.resolve("rates"), rates);
                        return;
                    }
                }
                for (String name : List.of("during", "after")) {
                    checkOnRequest(dir, name);
                }
                if ((i / 10) % 2 == 0) {
                    txProducer.send(tx.createTextMessage("paced " + i));
                    if (i % 10 == 9) {
                        tx.commit();
                    }
                } else {
                    producer.send(plain.createTextMessage("paced " + i));
                }
            }
            throw new IllegalStateException("phase " + phase + " never ended");
        }

        /** On its own thread: retransforming for the look is the test's work, not the paced thread's. */
        private static void checkOnRequest(Path dir, String name) {
            Path request = dir.resolve("check-" + name);
            if (!Files.exists(request)) {
                return;
            }
            try {
                Files.delete(request);
            } catch (Exception e) {
                return;
            }
            Thread t = new Thread(() -> {
                String result;
                try {
                    int[] lookedAt = new int[1];
                    List<String> probed = ClassBytes.probed(dir.resolve("class-bytes.jar"), List.of(MessageProducer.class, Session.class,
                            MessageConsumer.class, JMSContext.class, JMSProducer.class, MessageListener.class), lookedAt);
                    result = "looked-at=" + lookedAt[0] + " probed=" + probed.size() + " " + ClassBytes.names(probed);
                } catch (Exception e) {
                    result = "failed " + e;
                }
                try {
                    Files.writeString(dir.resolve("checked-" + name + ".tmp"), result);
                    Files.move(dir.resolve("checked-" + name + ".tmp"), dir.resolve("checked-" + name));
                } catch (Exception e) {
                    e.printStackTrace();
                }
            }, "check-" + name);
            t.start();
        }
    }
}
