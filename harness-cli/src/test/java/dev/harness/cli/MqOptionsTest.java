package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.jms.mq.MqSettings;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** Command-line options to the settings the ibmmq provider gets (and sets on the MQ factory). */
class MqOptionsTest {
    @TempDir
    Path dir;

    private static MqSettings settings(String mqServer, String... args) {
        RunCommand run = new RunCommand();
        CommandLine cl = new CommandLine(run);
        cl.setOverwrittenOptionsAllowed(true);
        cl.parseArgs(args);
        return run.target.mq.settings(null, null, mqServer, m -> new ParameterException(cl, m));
    }

    @Test
    void everyOptionReachesTheSettings() {
        MqSettings s = settings(null, "--provider", "ibmmq", "--mq-qmgr", "QM9", "--mq-channel", "APP.SVRCONN",
                "--mq-conn-name", "h1(1414), h2(1415)", "--mq-cipher", "TLS_AES_128_GCM_SHA256", "--mq-app-name", "perf",
                "--mq-async-put", "--mq-read-ahead", "--mq-target-client", "mq", "--mq-reconnect",
                "--mq-connect-timeout", "1500ms");
        assertEquals("QM9", s.queueManager());
        assertEquals("APP.SVRCONN", s.address().channel());
        assertEquals("h1(1414),h2(1415)", s.address().connName());
        assertEquals("TLS_AES_128_GCM_SHA256", s.cipherSuite());
        assertEquals("perf", s.appName());
        assertTrue(s.asyncPut());
        assertTrue(s.readAhead());
        assertEquals(MqSettings.TargetClient.MQ, s.targetClient());
        assertEquals(MqSettings.Reconnect.ANY, s.reconnect(), "--mq-reconnect alone means any");
        assertEquals(2, s.connectTimeoutSeconds(), "the client counts whole seconds; rounded up");
        assertEquals("--mq-conn-name", s.addressSource());
    }

    @Test
    void aProfilesAsyncPutCanBeTurnedOffAgain() {
        MqSettings s = settings(null, "--provider", "ibmmq", "--mq-async-put", "--mq-read-ahead", "--no-mq-async-put",
                "--no-mq-read-ahead");
        assertFalse(s.asyncPut());
        assertFalse(s.readAhead());
    }

    @Test
    void defaultsAreTheDeveloperImageAndEverythingOff() {
        MqSettings s = settings(null, "--provider", "ibmmq");
        assertEquals("", s.queueManager());
        assertEquals("DEV.APP.SVRCONN", s.address().channel());
        assertEquals("localhost(1414)", s.address().connName());
        assertEquals("harness", s.appName());
        assertFalse(s.asyncPut());
        assertFalse(s.readAhead());
        assertEquals(MqSettings.TargetClient.JMS, s.targetClient());
        assertEquals(MqSettings.Reconnect.OFF, s.reconnect());
        assertEquals(10, s.connectTimeoutSeconds());
        assertNull(s.user());
    }

    @Test
    void mqServerIsUsedOnlyWithoutAddressOptions() {
        MqSettings fromEnv = settings("ENV.SVRCONN/TCP/envhost(1999)", "--provider", "ibmmq");
        assertEquals("ENV.SVRCONN", fromEnv.address().channel());
        assertEquals("envhost(1999)", fromEnv.address().connName());
        assertEquals("MQSERVER", fromEnv.addressSource());
        MqSettings explicit = settings("ENV.SVRCONN/TCP/envhost(1999)", "--provider", "ibmmq", "--mq-port", "1415");
        assertEquals("localhost(1415)", explicit.address().connName());
        assertEquals("DEV.APP.SVRCONN", explicit.address().channel());
        assertTrue(explicit.addressSource().contains("MQSERVER ignored"), explicit.addressSource());
    }

    @Test
    void ccdtPathBecomesAFileUrlAndExcludesAnAddress() throws Exception {
        Path ccdt = Files.writeString(dir.resolve("ccdt.json"), "{}");
        MqSettings s = settings("IGNORED/TCP/h(1)", "--provider", "ibmmq", "--mq-ccdt", ccdt.toString());
        assertEquals(ccdt.toUri().toString(), s.ccdtUrl());
        assertNull(s.address());
        ParameterException e = assertThrows(ParameterException.class,
                () -> settings(null, "--provider", "ibmmq", "--mq-ccdt", ccdt.toString(), "--mq-channel", "X"));
        assertTrue(e.getMessage().startsWith("--mq-ccdt"), e.getMessage());
    }

    @Test
    void badValuesNameTheirOption() {
        String[][] cases = {
            {"--mq-port", "0"}, {"--mq-channel", "A.CHANNEL.NAME.OVER.20"}, {"--mq-conn-name", "h(1"},
            {"--mq-target-client", "xms"}, {"--mq-reconnect=sometimes"}, {"--mq-connect-timeout", "100ms"},
            {"--mq-app-name", "an application name over 28 characters"},
            {"--mq-qmgr", "Q".repeat(49)},
        };
        for (String[] c : cases) {
            String[] args = new String[c.length + 2];
            args[0] = "--provider";
            args[1] = "ibmmq";
            System.arraycopy(c, 0, args, 2, c.length);
            ParameterException e = assertThrows(ParameterException.class, () -> settings(null, args), String.join(" ", c));
            String option = c[0].split("=")[0];
            assertTrue(e.getMessage().startsWith(option), e.getMessage());
        }
    }
}
