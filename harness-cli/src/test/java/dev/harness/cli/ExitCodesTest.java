package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.LoginRefusedException;
import dev.harness.core.jms.UnreachableException;
import picocli.CommandLine;

/** The one map from failure kinds to exit codes, used by every command; bad input is 2 everywhere. */
class ExitCodesTest {
    static final List<String> COMMANDS = List.of("run", "respond", "drain", "bench", "ab", "report", "merge", "check", "broker",
            "logdisk", "gc-inject", "probe", "restart-study", "k8s", "verify", "sweep");

    @TempDir
    static Path dir;

    /** Each failure kind with its code and the words its line must carry. */
    static Stream<Arguments> kinds() {
        return Stream.of(
                Arguments.of(new SettingsException("--senders", "expected a whole number of at least 1, got 0"), 2,
                        "--senders: expected"),
                Arguments.of(new UnreachableException("cannot reach Artemis at tcp://127.0.0.1:1: refused", null), 3,
                        "cannot reach Artemis"),
                Arguments.of(new LoginRefusedException("Artemis at tcp://127.0.0.1:1: refused the login of user u: AMQ229031",
                        null), 3, "refused the login of user u"),
                Arguments.of(new Failure.DuringRun("the broker failed during the run: lost"), 4, "the broker failed"),
                Arguments.of(new Failure.ObjectivesFailed("1 of 2 objectives not met"), 5, "objectives not met"),
                Arguments.of(new Failure.OutputNotWritten("--json x.json: cannot write the file: permission denied"), 6,
                        "--json x.json"),
                Arguments.of(new Failure.Interrupted("interrupted"), 130, "interrupted"),
                Arguments.of(new IllegalStateException("a bug"), 1, "internal error"));
    }

    /** Every command and every kind: the command that throws it exits with its code and one line. */
    static Stream<Arguments> commandsAndKinds() {
        return COMMANDS.stream().flatMap(c -> kinds().map(k -> Arguments.of(c, k.get()[0], k.get()[1], k.get()[2])));
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @MethodSource("commandsAndKinds")
    void everyCommandMapsEveryFailureKindToItsCode(String command, Exception failure, int code, String words)
            throws Exception {
        CommandLine sub = Harness.commandLine().getSubcommands().get(command);
        StringWriter err = new StringWriter();
        sub.setErr(new PrintWriter(err));
        assertEquals(code, sub.getExitCodeExceptionMapper().getExitCode(failure), "the mapper");
        assertEquals(code, sub.getExecutionExceptionHandler().handleExecutionException(failure, sub, null), "the handler");
        String line = err.toString().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("harness " + command + ": ") && line.contains(words), line);
    }

    /** Bad input for each command, found before it starts or reaches anything. */
    static Stream<Arguments> badInput() throws Exception {
        Path hlog = Files.writeString(dir.resolve("not-an.hlog"), "not a histogram log\n");
        Path puts = Files.writeString(dir.resolve("puts.json"), "{\"schema\": \"harness-sweep/1\", \"unit\": \"msg/s\"}");
        Path trips = Files.writeString(dir.resolve("trips.json"), "{\"schema\": \"harness-sweep/1\", \"unit\":"
                + " \"round trips/s\"}");
        return Stream.of(
                Arguments.of("--senders", List.of("run", "--senders", "0", "--duration", "1s")),
                Arguments.of("--workload", List.of("run", "--workload", "fast")),
                Arguments.of("--mode", List.of("run", "--workload", "reqresp", "--mode", "half-open")),
                Arguments.of("--syncpoint", List.of("run", "--workload", "reqresp", "--syncpoint", "5")),
                Arguments.of("--reply-by", List.of("run", "--workload", "reqresp", "--reply-by", "selector")),
                Arguments.of("--reply-by correlation-id: a get by correlation ID waits for one reply at a time",
                        List.of("run", "--workload", "reqresp", "--mode", "open", "--reply-by", "correlation-id")),
                Arguments.of("--reply-by: applies to --workload reqresp only", List.of("run", "--reply-by", "temporary")),
                Arguments.of("--reply-prefix: --reply-by temporary puts the replies on a temporary queue", List.of("run",
                        "--workload", "reqresp", "--reply-by", "temporary", "--reply-prefix", "R")),
                Arguments.of("--cold-start: harness ab runs every round in one JVM", List.of("ab", "--a", "--syncpoint 1",
                        "--b", "--syncpoint 0", "--cold-start")),
                Arguments.of("--ack", List.of("run", "--ack", "sometimes")),
                Arguments.of("--reconnect-every", List.of("run", "--reconnect-every", "0")),
                Arguments.of("--reconnect-every: a connection closed with sends in flight", List.of("run",
                        "--reconnect-every", "100", "--max-in-flight", "8")),
                Arguments.of("--sessions-per-connection: expected 1 to 999 sessions", List.of("run",
                        "--sessions-per-connection", "0")),
                Arguments.of("--reconnect-every: a sender that closes a connection it shares", List.of("run",
                        "--reconnect-every", "100", "--sessions-per-connection", "4")),
                Arguments.of("--reconnect-every: a connection closed with sends in flight", List.of("run", "--workload",
                        "reqresp", "--mode", "open", "--reconnect-every", "100", "--max-in-flight", "4")),
                Arguments.of("'--message-type': expected bytes, text, map, stream or object", List.of("run",
                        "--message-type", "xml")),
                Arguments.of("--size: a text message's header takes 72 bytes", List.of("run", "--message-type", "text",
                        "--size", "64")),
                Arguments.of("--delivery-delay: expected whole milliseconds", List.of("run", "--delivery-delay", "1500us")),
                Arguments.of("--delivery-delay: the run waits for its last messages at most --drain-timeout", List.of("run",
                        "--delivery-delay", "40s")),
                Arguments.of("--delivery-delay: the first deliveries come 2s after", List.of("run", "--delivery-delay", "2s",
                        "--warmup", "1s")),
                Arguments.of("--ttl: expected whole milliseconds", List.of("run", "--workload", "reqresp", "--ttl", "1500us")),
                Arguments.of("--payload': file:/nonexistent/orders.jsonl cannot be read", List.of("run", "--payload",
                        "file:/nonexistent/orders.jsonl")),
                Arguments.of("--ack: responders (with their replies) and reply routers commit each get", List.of("run",
                        "--workload", "reqresp", "--syncpoint", "0", "--receive", "sync", "--ack", "transacted:5")),
                Arguments.of("--ttl: expected whole milliseconds", List.of("run", "--ttl", "1500us")),
                Arguments.of("--ttl: the run waits for its last messages at most --drain-timeout", List.of("run", "--ttl",
                        "1m")),
                Arguments.of("--ttl: the run waits for its last messages at most --drain-timeout", List.of("run", "--workload",
                        "pubsub", "--ttl", "1m")),
                Arguments.of("--ack transacted:10: a listener cannot commit", List.of("run", "--ack", "transacted:10")),
                Arguments.of("--receive: is how the drainers get, and --drainers 0 runs none", List.of("run", "--receive",
                        "sync", "--drainers", "0")),
                Arguments.of("--ack: with --syncpoint 1 responders and reply routers commit each get", List.of("run",
                        "--workload", "reqresp", "--ack", "client")),
                Arguments.of("--receive: expected listener or sync, got 'poll'", List.of("respond", "--url",
                        "tcp://127.0.0.1:1", "--receive", "poll")),
                // IBM MQ without properties (no queue manager here; both refused before connecting to one).
                Arguments.of("--purge: no property travels with this provider's messages, so the run's consumers",
                        List.of("run", "--provider", "ibmmq", "--mq-host", "127.0.0.1", "--mq-port", "1",
                                "--mq-target-client", "mq")),
                Arguments.of("--purge: no property travels with this provider's messages, so the responders cannot tell",
                        List.of("respond", "--provider", "ibmmq", "--mq-host", "127.0.0.1", "--mq-port", "1",
                                "--mq-target-client", "mq")),
                Arguments.of("--provider", List.of("run", "--provider", "rabbit")),
                Arguments.of("--password-env", List.of("run", "--url", "tcp://127.0.0.1:1", "--user", "u",
                        "--password-env", "X", "--password-file", "y")),
                Arguments.of("--responders", List.of("respond", "--url", "tcp://127.0.0.1:1", "--responders", "0")),
                Arguments.of("--queue", List.of("drain", "--url", "tcp://127.0.0.1:1")),
                Arguments.of("--consumers", List.of("drain", "--url", "tcp://127.0.0.1:1", "--queue", "Q", "--consumers", "0")),
                Arguments.of("--url: harness drain empties queues of an existing broker", List.of("drain", "--queue", "Q")),
                Arguments.of("--steps", List.of("bench", "--steps", "0")),
                Arguments.of("--workload", List.of("bench", "--workload", "fast")),
                Arguments.of("--rounds", List.of("ab", "--a", "--syncpoint 1", "--b", "--syncpoint 0", "--rounds", "0")),
                Arguments.of("--a", List.of("ab", "--a", "--syncpoint ten", "--b", "--syncpoint 0")),
                Arguments.of("--out", List.of("report", hlog.toString(), "--out", "/nonexistent-dir/r.html")),
                Arguments.of("hlog", List.of("report", hlog.toString(), "--out", dir.resolve("r.html").toString())),
                Arguments.of("2 hlogs", List.of("merge", hlog.toString(), "--out", dir.resolve("m.hlog").toString())),
                Arguments.of("hlog", List.of("check", hlog.toString(), "--slo", "response.p99 < 50ms")),
                Arguments.of("--slo", List.of("check", hlog.toString())),
                Arguments.of("--json", List.of("check", hlog.toString(), "--slo", "lost == 0", "--json",
                        dir.resolve("missing.json").toString())),
                Arguments.of("--slo 'lost == 0': harness ab has two sides", List.of("ab", "--a", "--syncpoint 1", "--b",
                        "--syncpoint 0", "--slo", "lost == 0")),
                Arguments.of("--slo, --slo-abort and --junit: give them to harness ab", List.of("ab", "--a",
                        "--syncpoint 1 --slo 'lost == 0'", "--b", "--syncpoint 0")),
                Arguments.of("--port", List.of("broker", "--port", "0")),
                Arguments.of("--journal-type", List.of("broker", "--journal-type", "paper")),
                Arguments.of("--remove-data-dir-with-parent: only with --exit-with-parent", List.of("broker",
                        "--remove-data-dir-with-parent")),
                Arguments.of("--threads", List.of("logdisk", "--dir", dir.toString(), "--files", "2", "--threads", "3")),
                Arguments.of("--sync", List.of("logdisk", "--dir", dir.toString(), "--sync", "never")),
                Arguments.of("--pid", List.of("gc-inject", "--pid", "0")),
                Arguments.of("--pid", List.of("probe", "--pid", "0")),
                Arguments.of("--interval", List.of("probe", "--pid", "1", "--interval", "10ms")),
                Arguments.of("--size", List.of("restart-study", "--size", "0")),
                Arguments.of("--kill-cmd", List.of("run", "--url", "tcp://127.0.0.1:1", "--kill-cmd", "kill -9 1")),
                Arguments.of("--kill-cmd", List.of("run", "--kill-broker-at", "2s", "--kill-cmd", "kill -9 1",
                        "--start-cmd", "true")),
                Arguments.of("--start-cmd", List.of("run", "--url", "tcp://127.0.0.1:1", "--kill-broker-at", "2s",
                        "--kill-cmd", "kill -9 1")),
                Arguments.of("--ready-line", List.of("run", "--url", "tcp://127.0.0.1:1", "--kill-broker-at", "2s",
                        "--kill-cmd", "kill -9 1", "--start-cmd", "true", "--ready-line", "AMQ8024I")),
                Arguments.of("--kill-broker-at", List.of("run", "--url", "tcp://127.0.0.1:1", "--kill-broker-at", "2s")),
                Arguments.of("--freeze-for: applies with --freeze-at", List.of("run", "--freeze-for", "2s")),
                Arguments.of("--freeze-at: the harness stops a broker it runs itself", List.of("run", "--url",
                        "tcp://127.0.0.1:1", "--freeze-at", "5s", "--freeze-for", "2s")),
                Arguments.of("is this harness's own process", List.of("run", "--freeze-at", "5s", "--freeze-for", "2s",
                        "--broker-pid", Long.toString(ProcessHandle.current().pid()))),
                Arguments.of("--broker-pid: no process 2147483000 runs", List.of("run", "--url", "tcp://127.0.0.1:1",
                        "--freeze-at", "5s", "--freeze-for", "2s", "--broker-pid", "2147483000")),
                Arguments.of("--freeze-every: expected longer than --freeze-for", List.of("run", "--freeze-every", "1s",
                        "--freeze-count", "3", "--freeze-for", "1s")),
                Arguments.of("--ready-when", List.of("run", "--url", "tcp://127.0.0.1:1", "--kill-broker-at", "2s",
                        "--kill-cmd", "kill -9 1", "--start-cmd", "true", "--ready-when", "log")),
                Arguments.of("--provider artemis", List.of("restart-study", "--url", "tcp://127.0.0.1:1")),
                Arguments.of("--ready-log", List.of("restart-study", "--url", "tcp://127.0.0.1:1", "--kill-cmd", "kill -9 1",
                        "--start-cmd", "true", "--ready-log", "/nonexistent-dir/AMQERR01.LOG", "--ready-line", "x")),
                Arguments.of("--json: expected one per hlog", List.of("merge", hlog.toString(), hlog.toString(), "--out",
                        dir.resolve("m.hlog").toString(), "--json", "a.json", "--json-out", dir.resolve("m.json").toString())),
                Arguments.of("--shards", List.of("k8s", "--shards", "0", "--image", "img", "--url", "tcp://broker:61616")),
                // A duration without its unit, wherever durations are parsed: the option, and an example.
                Arguments.of("--duration 5: a duration needs its unit, e.g. --duration 5s", List.of("run", "--duration", "5")),
                Arguments.of("--trial 10: a duration needs its unit, e.g. --trial 10s", List.of("bench", "--trial", "10")),
                Arguments.of("--interval 2: a duration needs its unit", List.of("probe", "--pid", "1", "--interval", "2")),
                Arguments.of("--ready-timeout 60: a duration needs its unit", List.of("restart-study", "--ready-timeout",
                        "60")),
                Arguments.of("--a (with the common options): --warmup 2: a duration needs its unit, e.g. --warmup 2s",
                        List.of("ab", "--a", "--warmup 2", "--b", "--syncpoint 0")),
                Arguments.of("--lead 90: a duration needs its unit", List.of("k8s", "--shards", "2", "--image", "img",
                        "--url", "tcp://broker:61616", "--lead", "90")),
                Arguments.of("--reply-timeout 30: a duration needs its unit", List.of("k8s", "--shards", "2", "--image",
                        "img", "--url", "tcp://broker:61616", "--queues", "2", "--reply-timeout", "30")),
                // A mistyped option: picocli's suggestion, on the same line.
                Arguments.of("Unknown options: '--rat', '5'; did you mean --rate", List.of("run", "--rat", "5")),
                Arguments.of("did you mean --rate", List.of("ab", "--a", "--rat 5", "--b", "--syncpoint 0")),
                Arguments.of("--warmup", List.of("run", "--warmup", "soon")),
                Arguments.of("--warmup", List.of("run", "--warmup", "auto:1s")),
                Arguments.of("--warmup auto: with --shard", List.of("run", "--warmup", "auto", "--shard", "0/2", "--queues", "2",
                        "--start-at", "23:59")),
                Arguments.of("--warmup auto: with --start-at", List.of("run", "--warmup", "auto:1m", "--start-at", "23:59")),
                Arguments.of("--warmup auto: with --kill-broker-at", List.of("run", "--warmup", "auto", "--kill-broker-at", "3s")),
                Arguments.of("--warmup: auto:2s can never be steady: it needs 3 intervals in a row, 3s with --interval 1s",
                        List.of("run", "--warmup", "auto:2s")),
                Arguments.of("--warmup auto: with --freeze-at", List.of("run", "--warmup", "auto", "--freeze-at", "3s",
                        "--freeze-for", "1s")),
                Arguments.of("--rate: expected messages per second", List.of("verify", "--rate", "max")),
                Arguments.of("--broker-pid: applies to a broker given by --url", List.of("verify", "--broker-pid", "1")),
                Arguments.of("--freeze-cmd: expected with --thaw-cmd", List.of("verify", "--url", "tcp://127.0.0.1:1",
                        "--freeze-cmd", "true")),
                // verify checks whom its runs would stop as harness run does, before the first run.
                Arguments.of("is this harness's own process", List.of("verify", "--url", "tcp://127.0.0.1:1", "--broker-pid",
                        Long.toString(ProcessHandle.current().pid()))),
                Arguments.of("--broker-pid: give --broker-pid, or --freeze-cmd and --thaw-cmd, not both", List.of("verify",
                        "--url", "tcp://127.0.0.1:1", "--broker-pid", "1", "--freeze-cmd", "true", "--thaw-cmd", "true")),
                Arguments.of("--json", List.of("verify", "--json", "/nonexistent-dir/v.json")),
                Arguments.of("--ack: with --syncpoint 1 each get commits with its reply", List.of("respond", "--url",
                        "tcp://127.0.0.1:1", "--syncpoint", "1", "--ack", "client")),
                Arguments.of("--ack: responders (with their replies) commit each get: expected auto, client, dups-ok or"
                        + " transacted, got 'sometimes'",
                        List.of("respond", "--url", "tcp://127.0.0.1:1", "--ack", "sometimes")),
                Arguments.of("--ack: responders (with their replies) commit each get: expected auto, client, dups-ok or"
                        + " transacted, got 'transacted:5'", List.of("respond", "--url", "tcp://127.0.0.1:1", "--syncpoint", "0", "--ack",
                        "transacted:5")),
                Arguments.of("--ack: with --syncpoint 1 each get commits", List.of("respond", "--url", "tcp://127.0.0.1:1",
                        "--ack", "auto")),
                // A sweep's bad input is refused before its first step.
                Arguments.of("--rates: expected increasing rates, from light load up; 250 follows 500",
                        List.of("sweep", "--rates", "500,250")),
                Arguments.of("--to: expected a rate above --from 1000, got 500", List.of("sweep", "--from", "1000", "--to", "500")),
                Arguments.of("--requester-counts: expected increasing counts from 1 to 10000, got 4,2", List.of("sweep",
                        "--workload", "reqresp", "--requester-counts", "4,2")),
                Arguments.of("--requester-counts: sweeps request/response's requesters", List.of("sweep",
                        "--requester-counts", "1,2")),
                Arguments.of("--requester-counts: each step's requesters, in place of --rates", List.of("sweep", "--workload",
                        "reqresp", "--requester-counts", "1,2", "--rates", "100,200")),
                Arguments.of("--requesters: --requester-counts sets each step's requesters", List.of("sweep", "--workload",
                        "reqresp", "--requester-counts", "1,2", "--requesters", "4")),
                Arguments.of("--rate max: open mode sends each request on a schedule", List.of("run", "--workload", "reqresp",
                        "--mode", "open", "--rate", "max")),
                Arguments.of("--to: expected messages per second", List.of("sweep", "--from", "1000", "--to", "fast")),
                Arguments.of("--from: a series needs both --from and --to", List.of("sweep", "--to", "5000")),
                Arguments.of("--rates: give the steps' rates (--rates 500,1000,2000), or --from and --to", List.of("sweep")),
                Arguments.of("--rates: give the steps' rates, or --to max, not both", List.of("sweep", "--rates", "100",
                        "--to", "max")),
                Arguments.of("--duration 1s: each step measures at least as long as its warmup's minimum (2s)",
                        List.of("sweep", "--rates", "100,200", "--duration", "1s")),
                Arguments.of("--duration 3s: each step measures at least as long as its warmup's minimum (5s)",
                        List.of("sweep", "--rates", "100,200", "--duration", "3s", "--warmup", "5s")),
                Arguments.of("--rate: a sweep's steps set the rate", List.of("sweep", "--rate", "100", "--rates", "100,200")),
                Arguments.of("--shards: expected 2 to 16 processes per step, got 1", List.of("sweep", "--rates", "100",
                        "--shards", "1")),
                Arguments.of("--shards: shards split a fixed-rate schedule, and --to max's capacity trial runs unthrottled",
                        List.of("sweep", "--to", "max", "--shards", "2", "--queues", "2")),
                Arguments.of("--shards: shards split a fixed-rate schedule, and --requester-counts runs closed loops",
                        List.of("sweep", "--workload", "reqresp", "--requester-counts", "1,2", "--shards", "2")),
                Arguments.of("--shards: --workload pubsub does not take it yet", List.of("sweep", "--workload", "pubsub",
                        "--rates", "100", "--shards", "2")),
                // run's own check of a shard, before the first step
                Arguments.of("--queues: a run split into 2 shards needs a queue per shard", List.of("sweep", "--rates",
                        "100", "--shards", "2")),
                Arguments.of("--warmup auto: with --shard the measured phase must begin at a time known ahead", List.of(
                        "sweep", "--rates", "100", "--shards", "2", "--queues", "2", "--warmup", "auto")),
                Arguments.of("--run-id: not for harness sweep", List.of("sweep", "--rates", "100", "--run-id", "5")),
                Arguments.of("--earlier-runs: not for harness ab", List.of("ab", "--a", "--syncpoint 1", "--b",
                        "--syncpoint 0", "--earlier-runs", "5")),
                Arguments.of("--hlog: not for harness sweep", List.of("sweep", "--rates", "100", "--hlog", "x.hlog")),
                Arguments.of("--kill-broker-at: not for harness sweep", List.of("sweep", "--rates", "100", "--kill-broker-at", "3s")),
                Arguments.of("--senders", List.of("sweep", "--rates", "100", "--senders", "0")),
                Arguments.of("--steps: expected 2 to 50 steps, got 1", List.of("sweep", "--to", "max", "--steps", "1")),
                Arguments.of("--compare " + hlog + ": not JSON", List.of("sweep", "--rates", "100", "--compare",
                        hlog.toString(), "--report", dir.resolve("s.html").toString())),
                Arguments.of("--hlog-dir", List.of("sweep", "--rates", "100", "--hlog-dir", hlog.resolve("x").toString())),
                Arguments.of("--compare: draws the other sweep on this one's chart; give --report", List.of("sweep", "--rates",
                        "100", "--compare", hlog.toString())),
                Arguments.of("--from: expected the lightest step's rate", List.of("sweep", "--from", "max", "--to", "max")),
                Arguments.of("--steps: counts the steps from --from to --to; --rates lists them", List.of("sweep", "--rates",
                        "100,200", "--steps", "4")),
                Arguments.of("--slo: not for harness sweep (a profile's too)", List.of("sweep", "--rates", "100", "--slo",
                        "lost == 0")),
                Arguments.of(trips + ": its rates are round trips/s, " + puts + "'s msg/s", List.of("report", puts.toString(),
                        trips.toString(), "--out", dir.resolve("r.html").toString())),
                Arguments.of("a second file is for comparing two sweeps", List.of("report", hlog.toString(), hlog.toString(),
                        "--out", dir.resolve("r.html").toString())));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badInput")
    void badInputIsOneLineNamingItAndExitCode2(String mention, List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Harness.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        assertEquals(2, cl.execute(args.toArray(String[]::new)), err::toString);
        String line = err.toString().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("harness " + args.get(0) + ": ") && line.contains(mention), line);
        assertFalse(line.contains("Exception") || line.contains("\tat "), line);
    }

    /** Commands that a signal stops with what they measured reported (InterruptGuard), or that run until one. */
    static final List<String> STOPPED_BY_SIGNALS = List.of("run", "respond", "drain", "broker", "bench", "ab", "logdisk", "probe",
            "sweep");

    /**
     * The codes each command's --help lists (from which the reference is generated) are the one
     * map's; a command a signal stops lists Ctrl-C's 130 and SIGTERM's 143.
     */
    @Test
    void everyListedCodeIsOneOfTheMapsAndBothSignalsAreListed() {
        for (Map.Entry<String, CommandLine> c : Harness.commandLine().getSubcommands().entrySet()) {
            if (c.getKey().equals("help")) {
                continue;
            }
            List<Integer> listed = c.getValue().getCommandSpec().usageMessage().exitCodeList().keySet().stream()
                    .map(k -> Integer.parseInt(k.strip())).toList();
            assertFalse(listed.isEmpty(), c.getKey());
            assertTrue(ExitCode.ALL.containsAll(listed), () -> c.getKey() + " lists " + listed);
            if (STOPPED_BY_SIGNALS.contains(c.getKey())) {
                assertTrue(listed.containsAll(List.of(ExitCode.INTERRUPTED, ExitCode.TERMINATED)),
                        () -> c.getKey() + " lists " + listed);
            }
        }
    }

    @Test
    void everyCommandIsCovered() {
        List<String> all = new ArrayList<>(Harness.commandLine().getSubcommands().keySet());
        all.remove("help");
        assertEquals(COMMANDS.stream().sorted().toList(), all.stream().sorted().toList());
    }

    @Test
    void defaultsComeFromTheSettings() {
        CommandLine cl = Harness.commandLine();
        RunCommand run = (RunCommand) cl.getSubcommands().get("run").getCommand();
        cl.parseArgs("run");
        assertEquals(500, run.w.rate);
        assertEquals(30_000_000_000L, run.w.durationNs);
        assertEquals(dev.harness.core.schedule.Warmup.auto(null), run.plan().warmup, "until the schedule is kept");
        assertEquals(dev.harness.core.workload.SizeMix.of(2048), run.w.size);
        assertEquals("30s", Defaults.of("run --reconnect-timeout"));
        assertEquals("64MiB", Defaults.of("logdisk --file-size"));
    }

    @Test
    void theDefaultWarmupIsFixedWhereTheMeasuredPhaseMustBeginAtATimeKnownAhead() {
        dev.harness.core.schedule.Warmup fixed = dev.harness.core.schedule.Warmup.fixed(5_000_000_000L);
        assertEquals(fixed, RunPlan.parse(List.of("--kill-broker-at", "3s")).warmup, "before the kill");
        assertEquals(fixed, RunPlan.parse(List.of("--start-at", "23:59")).warmup, "one start for every host");
        assertEquals(fixed, RunPlan.parse(List.of("--shard", "1/2", "--queues", "2", "--start-at", "23:59")).warmup,
                "one boundary for every shard");
        assertEquals(dev.harness.core.schedule.Warmup.fixed(0), RunPlan.parse(List.of("--warmup", "0s", "--start-at",
                "23:59")).warmup, "a fixed one as given");
    }
}
