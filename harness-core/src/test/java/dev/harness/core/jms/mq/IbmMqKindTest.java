package dev.harness.core.jms.mq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Credentials;
import dev.harness.core.jms.ProviderValues;

/** The ibmmq kind's option values to the settings it gives the MQ factory: defaults, MQSERVER, checks. */
class IbmMqKindTest {
    @TempDir
    Path dir;

    /** Option names and values, as the command line converts them. */
    private static MqSettings settings(String mqServer, Object... optionsAndValues) {
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < optionsAndValues.length; i += 2) {
            values.put((String) optionsAndValues[i], optionsAndValues[i + 1]);
        }
        return IbmMqKind.settings(new ProviderValues(values), Credentials.NONE, mqServer);
    }

    @Test
    void everyOptionReachesTheSettings() {
        MqSettings s = settings(null, "--mq-qmgr", "QM9", "--mq-channel", "APP.SVRCONN", "--mq-conn-name", "h1(1414), h2(1415)",
                "--mq-cipher", "TLS_AES_128_GCM_SHA256", "--mq-app-name", "perf", "--mq-async-put", true,
                "--mq-read-ahead", true, "--mq-target-client", "mq", "--mq-reconnect", "qmgr",
                "--mq-connect-timeout", 1_500_000_000L);
        assertEquals("QM9", s.queueManager());
        assertEquals("APP.SVRCONN", s.address().channel());
        assertEquals("h1(1414),h2(1415)", s.address().connName());
        assertEquals("TLS_AES_128_GCM_SHA256", s.cipherSuite());
        assertEquals("perf", s.appName());
        assertTrue(s.asyncPut());
        assertTrue(s.readAhead());
        assertEquals(MqSettings.TargetClient.MQ, s.targetClient());
        assertEquals(MqSettings.Reconnect.QMGR, s.reconnect());
        assertEquals(2, s.connectTimeoutSeconds(), "the client counts whole seconds; rounded up");
        assertEquals("--mq-conn-name", s.addressSource());
    }

    @Test
    void defaultsAreTheDeveloperImageAndEverythingOff() {
        MqSettings s = settings(null);
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
        assertEquals("the developer defaults", s.addressSource());
    }

    @Test
    void credentialsReachTheSettings() {
        MqSettings s = IbmMqKind.settings(ProviderValues.NONE, new Credentials("app", "pw"), null);
        assertEquals("app", s.user());
        assertEquals("pw", s.password());
    }

    @Test
    void mqServerIsUsedOnlyWithoutAddressOptions() {
        MqSettings fromEnv = settings("ENV.SVRCONN/TCP/envhost(1999)");
        assertEquals("ENV.SVRCONN", fromEnv.address().channel());
        assertEquals("envhost(1999)", fromEnv.address().connName());
        assertEquals("MQSERVER", fromEnv.addressSource());
        MqSettings explicit = settings("ENV.SVRCONN/TCP/envhost(1999)", "--mq-port", 1415);
        assertEquals("localhost(1415)", explicit.address().connName());
        assertEquals("DEV.APP.SVRCONN", explicit.address().channel());
        assertTrue(explicit.addressSource().contains("MQSERVER ignored"), explicit.addressSource());
        SettingsException bad = assertThrows(SettingsException.class, () -> settings("CHANNEL/UDP/h(1)"));
        assertTrue(bad.getMessage().startsWith("MQSERVER=CHANNEL/UDP/h(1): "), bad.getMessage());
    }

    @Test
    void ccdtPathBecomesAFileUrlAndExcludesAnAddress() throws Exception {
        Path ccdt = Files.writeString(dir.resolve("ccdt.json"), "{}");
        MqSettings s = settings("IGNORED/TCP/h(1)", "--mq-ccdt", ccdt.toString());
        assertEquals(ccdt.toUri().toString(), s.ccdtUrl());
        assertNull(s.address());
        SettingsException e = assertThrows(SettingsException.class,
                () -> settings(null, "--mq-ccdt", ccdt.toString(), "--mq-channel", "X"));
        assertEquals("--mq-ccdt: a CCDT names its own channels and hosts; leave out --mq-channel", e.getMessage());
        SettingsException missing = assertThrows(SettingsException.class,
                () -> settings(null, "--mq-ccdt", dir.resolve("none.json").toString()));
        assertTrue(missing.getMessage().contains("no readable file"), missing.getMessage());
    }

    @Test
    void badValuesNameTheirOption() {
        Object[][] cases = {
            {"--mq-port", 0}, {"--mq-channel", "A.CHANNEL.NAME.OVER.20"}, {"--mq-conn-name", "h(1"},
            {"--mq-target-client", "xms"}, {"--mq-reconnect", "sometimes"}, {"--mq-connect-timeout", 100_000_000L},
            {"--mq-connect-timeout", 601_000_000_000L}, {"--mq-app-name", "an application name over 28 characters"},
            {"--mq-qmgr", "Q".repeat(49)}, {"--mq-host", "h(1)"}, {"--mq-cipher", " "},
        };
        for (Object[] c : cases) {
            SettingsException e = assertThrows(SettingsException.class, () -> settings(null, c), c[0] + " " + c[1]);
            assertTrue(e.getMessage().startsWith(c[0] + ": "), e.getMessage());
        }
        SettingsException both = assertThrows(SettingsException.class,
                () -> settings(null, "--mq-conn-name", "h(1)", "--mq-host", "h"));
        assertEquals("--mq-conn-name: give it instead of --mq-host and --mq-port, not with them", both.getMessage());
    }
}
