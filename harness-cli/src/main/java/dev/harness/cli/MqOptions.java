package dev.harness.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import dev.harness.core.jms.mq.MqAddress;
import dev.harness.core.jms.mq.MqSettings;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The options MQ users know, for --provider ibmmq; they become {@link MqSettings}. */
final class MqOptions {
    static final long MAX_CONNECT_TIMEOUT_NS = 600_000_000_000L;

    @Option(names = "--mq-qmgr", paramLabel = "NAME",
            description = "ibmmq: queue manager name (the developer image's is QM1). Default: whichever queue manager owns the listener.")
    String queueManager;

    @Option(names = "--mq-host", paramLabel = "HOST", description = "ibmmq: host of the queue manager's listener. Default: localhost.")
    String host;

    @Option(names = "--mq-port", paramLabel = "PORT", description = "ibmmq: port of the listener. Default: 1414.")
    Integer port;

    @Option(names = "--mq-channel", paramLabel = "NAME", description = "ibmmq: server-connection channel. Default: DEV.APP.SVRCONN.")
    String channel;

    @Option(names = "--mq-conn-name", paramLabel = "LIST",
            description = "ibmmq: connection name list, e.g. \"h1(1414),h2(1414)\", instead of --mq-host and --mq-port."
                    + " Without any address option, the MQSERVER environment variable (CHANNEL/TCP/host(port)) is used if set.")
    String connName;

    @Option(names = "--mq-ccdt", paramLabel = "URL",
            description = "ibmmq: a JSON CCDT (file:///path/ccdt.json, a path, or an http(s) URL) naming channels and hosts.")
    String ccdt;

    @Option(names = "--mq-cipher", paramLabel = "SUITE",
            description = "ibmmq: TLS CipherSuite for the channel, e.g. TLS_AES_128_GCM_SHA256 or ANY_TLS13_OR_HIGHER;"
                    + " trust store through HARNESS_JAVA_OPTS (-Djavax.net.ssl.trustStore=...).")
    String cipher;

    @Option(names = "--mq-app-name", paramLabel = "NAME",
            description = "ibmmq: application name the queue manager shows (DISPLAY CONN APPLTAG). Default: harness.")
    String appName;

    @Option(names = "--mq-async-put", negatable = true, description = "ibmmq: allow asynchronous put: puts outside syncpoint return before the queue manager confirms them. Default: off.")
    Boolean asyncPut;

    @Option(names = "--mq-read-ahead", negatable = true, description = "ibmmq: allow read ahead of non-persistent messages outside syncpoint. Default: off.")
    Boolean readAhead;

    @Option(names = "--mq-target-client", paramLabel = "jms|mq",
            description = "ibmmq: jms puts an MQRFH2 header (JMS consumers); mq puts plain MQ messages. Default: jms.")
    String targetClient;

    @Option(names = "--mq-reconnect", arity = "0..1", fallbackValue = "any", paramLabel = "any|qmgr|off",
            description = "ibmmq: automatic client reconnection (to any queue manager of the list, or the same one). Default: off.")
    String reconnect;

    @Option(names = "--mq-connect-timeout", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "ibmmq: give up connecting after this long without an answer (TCP connect and MQ handshake). Default: 10s.")
    Long connectTimeoutNs;

    /** The first option of this group given, or null. */
    String given() {
        Object[] optionsAndValues = {"--mq-qmgr", queueManager, "--mq-host", host, "--mq-port", port, "--mq-channel", channel,
            "--mq-conn-name", connName, "--mq-ccdt", ccdt, "--mq-cipher", cipher, "--mq-app-name", appName,
            "--mq-async-put", asyncPut, "--mq-read-ahead", readAhead, "--mq-target-client", targetClient,
            "--mq-reconnect", reconnect, "--mq-connect-timeout", connectTimeoutNs};
        for (int i = 0; i < optionsAndValues.length; i += 2) {
            if (optionsAndValues[i + 1] != null) {
                return (String) optionsAndValues[i];
            }
        }
        return null;
    }

    /**
     * @param mqServer the MQSERVER environment variable, or null
     * @param usage turns a message into the command's usage error
     */
    MqSettings settings(String user, String password, String mqServer, Function<String, ParameterException> usage) {
        String qmgr = queueManager == null ? "" : queueManager.strip();
        if (qmgr.length() > MqSettings.MAX_QUEUE_MANAGER_LENGTH) {
            throw usage.apply("--mq-qmgr: expected a queue manager name of at most " + MqSettings.MAX_QUEUE_MANAGER_LENGTH
                    + " characters, got '" + queueManager + "'");
        }
        String app = appName == null ? "harness" : appName;
        if (app.isBlank() || app.length() > MqSettings.MAX_APP_NAME_LENGTH) {
            throw usage.apply("--mq-app-name: expected 1 to " + MqSettings.MAX_APP_NAME_LENGTH + " characters, got '" + app + "'");
        }
        MqSettings.TargetClient target = switch (targetClient == null ? "jms" : targetClient.toLowerCase(Locale.ROOT)) {
            case "jms" -> MqSettings.TargetClient.JMS;
            case "mq" -> MqSettings.TargetClient.MQ;
            default -> throw usage.apply("--mq-target-client: expected jms or mq, got '" + targetClient + "'");
        };
        MqSettings.Reconnect reconnectMode = switch (reconnect == null ? "off" : reconnect.toLowerCase(Locale.ROOT)) {
            case "off" -> MqSettings.Reconnect.OFF;
            case "any" -> MqSettings.Reconnect.ANY;
            case "qmgr" -> MqSettings.Reconnect.QMGR;
            default -> throw usage.apply("--mq-reconnect: expected any, qmgr or off, got '" + reconnect + "'");
        };
        long timeoutNs = connectTimeoutNs == null ? 10_000_000_000L : connectTimeoutNs;
        if (timeoutNs < 1_000_000_000L || timeoutNs > MAX_CONNECT_TIMEOUT_NS) {
            throw usage.apply("--mq-connect-timeout: expected 1s to 10m (the MQ client counts whole seconds)");
        }
        if (cipher != null && cipher.isBlank()) {
            throw usage.apply("--mq-cipher: expected a CipherSuite name");
        }
        MqAddress address = null;
        String ccdtUrl = null;
        String source;
        if (ccdt != null) {
            String clash = host != null ? "--mq-host" : port != null ? "--mq-port" : channel != null ? "--mq-channel"
                    : connName != null ? "--mq-conn-name" : null;
            if (clash != null) {
                throw usage.apply("--mq-ccdt: a CCDT names its own channels and hosts; leave out " + clash);
            }
            ccdtUrl = ccdtUrl(ccdt, usage);
            source = "--mq-ccdt";
        } else if (host != null || port != null || channel != null || connName != null) {
            if (connName != null && (host != null || port != null)) {
                throw usage.apply("--mq-conn-name: give it instead of --mq-host and --mq-port, not with them");
            }
            address = address(usage);
            source = (connName != null ? "--mq-conn-name" : "--mq-host/--mq-port")
                    + (mqServer != null ? " (MQSERVER ignored)" : "");
        } else if (mqServer != null) {
            try {
                address = MqAddress.parseMqServer(mqServer);
            } catch (IllegalArgumentException e) {
                throw usage.apply("MQSERVER=" + mqServer + ": " + e.getMessage());
            }
            source = "MQSERVER";
        } else {
            address = MqSettings.developerAddress();
            source = "the developer defaults";
        }
        return new MqSettings(qmgr, address, ccdtUrl, source, user, password, cipher, app, Boolean.TRUE.equals(asyncPut),
                Boolean.TRUE.equals(readAhead), target, reconnectMode, (int) Math.ceil(timeoutNs / 1e9));
    }

    private MqAddress address(Function<String, ParameterException> usage) {
        String ch = channel == null ? "DEV.APP.SVRCONN" : channel;
        try {
            MqAddress.checkChannel(ch);
        } catch (IllegalArgumentException e) {
            throw usage.apply("--mq-channel: " + e.getMessage());
        }
        if (connName != null) {
            try {
                return new MqAddress(ch, MqAddress.parseConnName(connName));
            } catch (IllegalArgumentException e) {
                throw usage.apply("--mq-conn-name: " + e.getMessage());
            }
        }
        String h = host == null ? "localhost" : host.strip();
        if (h.isEmpty() || h.matches(".*[\\s(),].*")) {
            throw usage.apply("--mq-host: expected a host name or address, got '" + host + "'");
        }
        int p = port == null ? MqAddress.DEFAULT_PORT : port;
        try {
            MqAddress.checkPort(p);
        } catch (IllegalArgumentException e) {
            throw usage.apply("--mq-port: " + e.getMessage());
        }
        return new MqAddress(ch, List.of(new MqAddress.Endpoint(h, p)));
    }

    /** A URL as the MQ client takes it; a local file must exist now rather than fail inside the client. */
    private static String ccdtUrl(String value, Function<String, ParameterException> usage) {
        String v = value.strip();
        if (v.matches("(?i)https?://.+")) {
            return v;
        }
        Path file;
        try {
            file = v.regionMatches(true, 0, "file:", 0, 5) ? Paths.get(new URI(v)) : Paths.get(v);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw usage.apply("--mq-ccdt: expected file:///path/ccdt.json, a path, or an http(s) URL, got '" + value + "'");
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw usage.apply("--mq-ccdt " + value + ": no readable file " + file.toAbsolutePath());
        }
        return file.toAbsolutePath().toUri().toString();
    }
}
