package dev.harness.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.jms.UnreachableException;

/**
 * verify's study against a launcher that starts nothing: its runs end as each test says, so what
 * the study runs, skips and says can be read without a broker.
 */
class VerifyStudyTest {
    private final List<String> launched = new ArrayList<>();
    private final List<String> said = new ArrayList<>();

    /** Every run ends with this exit. */
    private RunLauncher ending(RunLauncher.Exit exit) {
        return new RunLauncher() {
            @Override
            public Launched launch(String name, List<String> jvmOptions, List<String> args) {
                launched.add(name);
                return new Launched() {
                    @Override
                    public String name() {
                        return name;
                    }

                    @Override
                    public long pid() {
                        return -1;
                    }

                    @Override
                    public Exit await(long boundNs) {
                        return exit;
                    }

                    @Override
                    public boolean awaitInterval(double seconds, long boundNs) {
                        return false;
                    }

                    @Override
                    public String lastLine() {
                        return "harness run: cannot reach the broker";
                    }

                    @Override
                    public RunFiles files() throws IOException {
                        throw new IOException("no files: this launcher runs nothing");
                    }

                    @Override
                    public void close() {
                    }
                };
            }

            @Override
            public Path file(String name) {
                return Path.of(name);
            }
        };
    }

    @Test
    void whereNoRateIsHeldTheScenariosAreNotRunAndSaySo() throws Exception {
        VerifyStudy study = new VerifyStudy(true, 1000, List.of("--url", "tcp://127.0.0.1:1"), List.of("--broker-pid", "1"),
                ending(new RunLauncher.Exit(4, RunLauncher.Exit.Kind.FAILED)), said::add);
        VerifyResult r = study.run("a broker");
        assertEquals(List.of("put-rate-1000-warmup-3s", "put-rate-500-warmup-3s", "put-rate-250-warmup-3s"), launched,
                "the quick set tries three rates, and runs no scenario without one");
        assertEquals(2, r.scenarios().size(), "the quick set: the broker frozen, the harness stopped");
        assertTrue(r.scenarios().stream().allMatch(s -> !s.ran()
                && s.notRun().equals("the system held none of the rates tried (see rate)")), r.scenarios().toString());
        assertTrue(r.rates().get(0).startsWith("put: no rate held: 1,000 msg/s after 3 s (the run ended with exit code 4:"),
                r.rates().toString());
    }

    @Test
    void aRunThatCannotReachTheBrokerEndsTheStudy() {
        VerifyStudy study = new VerifyStudy(true, 1000, List.of(), null,
                ending(new RunLauncher.Exit(3, RunLauncher.Exit.Kind.UNREACHABLE)), said::add);
        UnreachableException e = assertThrows(UnreachableException.class, () -> study.run("a broker"));
        assertEquals("harness run: cannot reach the broker", e.getMessage());
        assertEquals(1, launched.size());
    }

    @Test
    void aScenarioContendedByOthersRunsOnceMoreAndTheSecondStands() throws Exception {
        VerifyStudy study = new VerifyStudy(true, 1000, List.of(), null, ending(null), said::add);
        Validity contended = new Validity(List.of(new Reason(Reason.HOST_CONTENDED, "contended", null)));
        ScenarioResult first = new ScenarioResult("broker-frozen", "t", 1000, List.of(), contended, List.of(), null,
                List.of(), null);
        ScenarioResult second = new ScenarioResult("broker-frozen", "t", 1000, List.of(), Validity.VALID, List.of(), null,
                List.of(), null);
        List<ScenarioResult> runs = new ArrayList<>(List.of(first, second));
        ScenarioResult r = study.onceMore(() -> runs.remove(0));
        assertEquals(Validity.VALID, r.validity());
        assertEquals("host-contended", r.firstRunNotValid());
        assertTrue(said.get(0).contains("broker-frozen: NOT VALID (host-contended)"), said.toString());
        ScenarioResult plain = new ScenarioResult("x", "t", 1000, List.of(), Validity.VALID, List.of(), null, List.of(), null);
        assertSame(plain, study.onceMore(() -> plain), "a run that was not contended is run once");
    }

    @Test
    void anInterruptedStudyGivesNoVerdict() throws Exception {
        VerifyStudy study = new VerifyStudy(true, 1000, List.of(), null,
                ending(new RunLauncher.Exit(130, RunLauncher.Exit.Kind.FAILED)), said::add);
        study.interrupt();
        assertNull(study.run("a broker"));
        assertEquals(List.of(), launched, "nothing runs after Ctrl-C");
    }
}
