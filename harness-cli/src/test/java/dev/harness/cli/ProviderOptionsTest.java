package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.harness.core.jms.Api;
import dev.harness.core.jms.Credentials;
import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderKinds;
import dev.harness.core.jms.ProviderOption;
import dev.harness.core.jms.mq.IbmMqKind;
import dev.harness.core.jms.mq.MqSettings;
import picocli.CommandLine;

/** The registered kinds' options on the commands that drive a provider, as users type them. */
class ProviderOptionsTest {
    @TempDir
    static Path dir;

    /** Exit code and stderr of a command run in this JVM, stopped by bad input before it reaches anything. */
    private record Outcome(int code, String err) {
    }

    private static Outcome execute(String... args) {
        CommandLine cl = Harness.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        int code = cl.execute(args);
        return new Outcome(code, err.toString().strip());
    }

    private static ProviderOptions parse(String... args) {
        RunCommand run = new RunCommand();
        CommandLine cl = new CommandLine(run);
        cl.setOverwrittenOptionsAllowed(true);
        cl.parseArgs(args);
        return run.target;
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "respond", "bench"})
    void everyKindsOptionsAreOnTheCommandsThatDriveAProvider(String command) {
        CommandLine sub = Harness.commandLine().getSubcommands().get(command);
        assertNotNull(sub.getCommandSpec().findOption("--provider"));
        for (ProviderKind kind : ProviderKinds.all()) {
            for (ProviderOption option : kind.options()) {
                assertNotNull(sub.getCommandSpec().findOption(option.name()), command + " " + option.name());
            }
        }
        String help = sub.getUsageMessage();
        assertTrue(help.contains("--[no-]mq-async-put"), help);
        assertTrue(help.contains("--mq-reconnect[=any|qmgr|off]"), help);
        assertTrue(help.contains("--provider=embedded|artemis|ibmmq|jndi"), help);
        assertTrue(help.contains("--url=tcp://HOST:PORT"), help);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "run --provider ibmmq --url tcp://127.0.0.1:1 | --url: applies to --provider artemis only",
        "run --url tcp://127.0.0.1:1 --mq-host h | --mq-host: applies to --provider ibmmq only",
        "run --mq-async-put | --mq-async-put: applies to --provider ibmmq only",
        "run --no-mq-read-ahead | --mq-read-ahead: applies to --provider ibmmq only",
        "run --url tcp://127.0.0.1:1 --cf CF | --cf: applies to --provider jndi only",
        "respond --provider jndi --mq-reconnect | --mq-reconnect: applies to --provider ibmmq only",
        "bench --provider artemis --jndi x.properties | --jndi: applies to --provider jndi only",
        "run --provider artemis | --provider artemis: give the broker's --url tcp://HOST:PORT",
        "run --url http://127.0.0.1:61616 | --url: expected tcp://HOST:PORT with a port up to 65535, got 'http://127.0.0.1:61616'",
        "run --user u | --user: the embedded broker has no login; give --url or another --provider",
        "run --provider jndi | --provider jndi: give --jndi FILE, a jndi.properties file",
        "run --provider ibmmq --mq-port 0 | --mq-port: expected a port from 1 to 65535, got 0",
        "run --provider ibmmq --mq-reconnect=sometimes | --mq-reconnect: expected any, qmgr or off, got 'sometimes'",
        "run --provider ibmmq --mq-connect-timeout 100ms | --mq-connect-timeout: expected 1s to 10m (the MQ client counts whole seconds)",
        "run --provider ibmmq --mq-port abc | Invalid value for option '--mq-port': 'abc' is not an int",
        "run --provider ibmmq --mq-connect-timeout soon | Invalid value for option '--mq-connect-timeout': expected a duration",
        "run --provider kafka | Invalid value for option '--provider': expected embedded, artemis, ibmmq or jndi, got 'kafka'",
    })
    void badProviderOptionsAreOneLineAndExitCode2(String args, String message) {
        String command = args.split(" ")[0];
        List<String> typed = new ArrayList<>(List.of(args.split(" ")));
        if (command.equals("bench")) {
            typed.addAll(List.of("--out", dir.resolve("bench.md").toString())); // bench checks its file first
        }
        Outcome r = execute(typed.toArray(String[]::new));
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().startsWith("harness " + command + ": " + message), r::toString);
        assertEquals(1, r.err().lines().count(), r::toString);
    }

    @Test
    void embeddedByDefaultArtemisWhenUrlIsGivenOtherwiseWhatProviderNames() {
        assertEquals("embedded", parse().kind().name());
        assertEquals("artemis", parse("--url", "tcp://h:1").kind().name());
        assertEquals("ibmmq", parse("--provider", "IBMMQ").kind().name());
        assertEquals("jndi", parse("--url", "tcp://h:1", "--provider", "jndi").kind().name());
    }

    /** Without --api, embedded, artemis and ibmmq run on their javax clients; --api picks, whatever the kind. */
    @Test
    void theNamespaceIsJavaxUnlessAskedOrTheJndiFactoryIsJakarta() {
        assertEquals(Api.JAVAX, parse().api());
        assertEquals(Api.JAVAX, parse("--url", "tcp://h:1").api());
        assertEquals(Api.JAVAX, parse("--provider", "ibmmq", "--mq-qmgr", "QM1").api());
        assertEquals(Api.JAKARTA, parse("--api", "jakarta").api());
        assertEquals(Api.JAKARTA, parse("--provider", "ibmmq", "--api", "JAKARTA").api());
        assertEquals(Api.JAKARTA, parse("--url", "tcp://h:1", "--api", "javax", "--api", "jakarta").api(), "the last wins");
        // A file that cannot be read tells nothing: javax, and the run then says what is wrong with it.
        assertEquals(Api.JAVAX, parse("--provider", "jndi", "--jndi", dir.resolve("missing.properties").toString()).api());
    }

    @Test
    void mqOptionsAsTypedReachTheSettings() {
        ProviderOptions target = parse("--provider", "ibmmq", "--mq-qmgr", "QM9", "--mq-port", "1415",
                "--mq-async-put", "--mq-read-ahead", "--mq-reconnect", "--mq-connect-timeout", "1500ms");
        MqSettings s = IbmMqKind.settings(target.values(target.kind()), Credentials.NONE, null);
        assertEquals("QM9", s.queueManager());
        assertEquals("localhost(1415)", s.address().connName());
        assertTrue(s.asyncPut());
        assertTrue(s.readAhead());
        assertEquals(MqSettings.Reconnect.ANY, s.reconnect(), "--mq-reconnect alone means any");
        assertEquals(2, s.connectTimeoutSeconds(), "the client counts whole seconds; rounded up");
    }

    @Test
    void aProfilesAsyncPutCanBeTurnedOffAgain() {
        ProviderOptions target = parse("--provider", "ibmmq", "--mq-async-put", "--mq-read-ahead", "--no-mq-async-put",
                "--no-mq-read-ahead");
        MqSettings s = IbmMqKind.settings(target.values(target.kind()), Credentials.NONE, null);
        assertFalse(s.asyncPut());
        assertFalse(s.readAhead());
    }
}
