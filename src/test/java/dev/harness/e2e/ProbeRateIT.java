package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * An application paced at {@link #RATE} persistent messages a second ({@link PacedApp}: ten inside
 * syncpoint and a commit, ten outside) keeps its rate before, while and after harness probe
 * attaches, times it and detaches; and detach gives its classes their original code back, seen
 * from outside the probe by a test agent in the application ({@link ClassBytes}): while probed
 * its producer and session classes name the probe's hooks, afterwards none of its messaging
 * classes does. Isolated: its assertion is a rate.
 */
@Isolated
class ProbeRateIT {
    static final int RATE = 200;
    /** Each phase's rate within this of {@link #RATE}: the application was not behind its schedule at the phase's end. */
    static final double TOLERANCE = 0.12;
    /**
     * The latest a message may go out against its schedule (the pacing catches up, so a hold-up
     * that ended early in a phase leaves its rate whole): loose for a loaded 2-core machine, where
     * tens of ms are usual, but a probe that held the application's thread for a second fails.
     */
    static final long MAX_LAG_MS = 1_000;

    @TempDir
    Path dir;

    @Test
    void theApplicationKeepsItsRateWhileProbedAndAfterAndDetachRestoresItsClasses() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            Process app = PacedApp.start(dir, broker.url(), RATE);
            try {
                PacedApp.await(app, dir, "ready");
                Files.writeString(dir.resolve("go"), "");
                PacedApp.await(app, dir, "warm-done");
                Thread.sleep(2_500);
                Files.writeString(dir.resolve("mark-1"), ""); // before ends; attach, probing and detach are "during"
                Path hlog = dir.resolve("during.hlog");
                String during;
                try (HarnessProcess probe = HarnessProcess.start(dir, "probe", "--pid", Long.toString(app.pid()),
                        "--duration", "3s", "--interval", "1s", "--hlog", hlog.toString())) {
                    ProbeWatchIT.awaitOutput(probe, "instrumented");
                    Files.writeString(dir.resolve("check-during"), "");
                    during = PacedApp.await(app, dir, "checked-during");
                    assertTrue(during.matches("looked-at=[1-9]\\d* probed=[1-9]\\d* .*")
                            && during.contains("ActiveMQMessageProducer") && during.contains("ActiveMQSession"), during);
                    assertEquals(0, probe.waitFor(30), () -> ProbeWatchIT.out(probe));
                }
                Files.writeString(dir.resolve("mark-2"), "");
                Files.writeString(dir.resolve("check-after"), "");
                String after = PacedApp.await(app, dir, "checked-after");
                assertTrue(after.matches("looked-at=[1-9]\\d* probed=0 .*"), after);
                Thread.sleep(2_500);
                Files.writeString(dir.resolve("mark-3"), "");
                String rates = PacedApp.await(app, dir, "rates");

                List<String> names = List.of("before", "during", "after");
                Matcher m = Pattern.compile("phase=(\\d) sent=(\\d+) seconds=([\\d.]+) rate=([\\d.]+) maxLagMs=(\\d+)").matcher(rates);
                int phases = 0;
                while (m.find()) {
                    double rate = Double.parseDouble(m.group(4));
                    String phase = names.get(Integer.parseInt(m.group(1)) - 1);
                    assertTrue(Double.parseDouble(m.group(3)) > 2, phase + " long enough to tell: " + rates);
                    assertTrue(Math.abs(rate - RATE) <= RATE * TOLERANCE, phase + ": " + rate + " msg/s against "
                            + RATE + ":\n" + rates);
                    assertTrue(Long.parseLong(m.group(5)) <= MAX_LAG_MS, phase + " fell behind its schedule:\n" + rates);
                    phases++;
                }
                assertEquals(3, phases, rates);
                // The probe saw the paced sends, inside syncpoint and out.
                long probedSends = HlogFiles.sum(hlog, "send").getTotalCount();
                long probedTx = HlogFiles.sum(hlog, "send-syncpoint").getTotalCount();
                assertTrue(probedSends > RATE / 2 && probedTx > RATE / 2 && HlogFiles.sum(hlog, "commit").getTotalCount() > 0,
                        "send " + probedSends + ", send-syncpoint " + probedTx);
                System.out.println("ProbeRateIT at " + RATE + " msg/s:\n" + rates + "probed classes, during: " + during
                        + "\nafter: " + after);
            } finally {
                app.destroyForcibly();
            }
        }
    }
}
