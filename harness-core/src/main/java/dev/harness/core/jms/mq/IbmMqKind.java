package dev.harness.core.jms.mq;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;

import javax.jms.ConnectionFactory;
import javax.jms.JMSException;

import com.ibm.mq.jms.MQConnectionFactory;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Credentials;
import dev.harness.core.jms.Diagnosis;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderOption;
import dev.harness.core.jms.ProviderValues;
import dev.harness.core.jms.UnreachableException;

/** --provider ibmmq: an IBM MQ queue manager, with the options MQ users know; they become {@link MqSettings}. */
public final class IbmMqKind implements ProviderKind {
    static final long MAX_CONNECT_TIMEOUT_NS = 600_000_000_000L;
    static final long DEFAULT_CONNECT_TIMEOUT_NS = 10_000_000_000L;

    static final String QMGR = "--mq-qmgr";
    static final String HOST = "--mq-host";
    static final String PORT = "--mq-port";
    static final String CHANNEL = "--mq-channel";
    static final String CONN_NAME = "--mq-conn-name";
    static final String CCDT = "--mq-ccdt";
    static final String CIPHER = "--mq-cipher";
    static final String APP_NAME = "--mq-app-name";
    static final String ASYNC_PUT = "--mq-async-put";
    static final String READ_AHEAD = "--mq-read-ahead";
    static final String TARGET_CLIENT = "--mq-target-client";
    static final String RECONNECT = "--mq-reconnect";
    static final String CONNECT_TIMEOUT = "--mq-connect-timeout";

    private static final List<ProviderOption> OPTIONS = List.of(
            ProviderOption.text(QMGR, "NAME", "ibmmq: queue manager name (the developer image's is QM1). Default:"
                    + " whichever queue manager owns the listener."),
            ProviderOption.text(HOST, "HOST", "ibmmq: host of the queue manager's listener. Default: localhost."),
            ProviderOption.wholeNumber(PORT, "PORT", "ibmmq: port of the listener. Default: 1414."),
            ProviderOption.text(CHANNEL, "NAME", "ibmmq: server-connection channel. Default: DEV.APP.SVRCONN."),
            ProviderOption.text(CONN_NAME, "LIST", "ibmmq: connection name list, e.g. \"h1(1414),h2(1414)\", instead of"
                    + " --mq-host and --mq-port. Without any address option, the MQSERVER environment variable"
                    + " (CHANNEL/TCP/host(port)) is used if set."),
            ProviderOption.text(CCDT, "URL", "ibmmq: a JSON CCDT (file:///path/ccdt.json, a path, or an http(s) URL)"
                    + " naming channels and hosts."),
            ProviderOption.text(CIPHER, "SUITE", "ibmmq: TLS CipherSuite for the channel, e.g. TLS_AES_128_GCM_SHA256 or"
                    + " ANY_TLS13_OR_HIGHER; trust store through HARNESS_JAVA_OPTS (-Djavax.net.ssl.trustStore=...)."),
            ProviderOption.text(APP_NAME, "NAME", "ibmmq: application name the queue manager shows (DISPLAY CONN APPLTAG)."
                    + " Default: harness."),
            ProviderOption.onOff(ASYNC_PUT, "ibmmq: allow asynchronous put: puts outside syncpoint return before the"
                    + " queue manager confirms them. Default: off."),
            ProviderOption.onOff(READ_AHEAD, "ibmmq: allow read ahead of non-persistent messages outside syncpoint."
                    + " Default: off."),
            ProviderOption.text(TARGET_CLIENT, "jms|mq", "ibmmq: jms puts an MQRFH2 header (JMS consumers); mq puts plain"
                    + " MQ messages. Default: jms."),
            ProviderOption.text(RECONNECT, "any|qmgr|off", "ibmmq: automatic client reconnection (to any queue manager"
                    + " of the list, or the same one). Default: off.").valueOptional("any"),
            ProviderOption.duration(CONNECT_TIMEOUT, "DURATION", "ibmmq: give up connecting after this long without an"
                    + " answer (TCP connect and MQ handshake). Default: 10s."));

    @Override
    public String name() {
        return "ibmmq";
    }

    @Override
    public String description() {
        return "an IBM MQ queue manager (--mq-* options)";
    }

    @Override
    public List<ProviderOption> options() {
        return OPTIONS;
    }

    @Override
    public Provider open(ProviderValues values, Credentials credentials) throws UnreachableException {
        MqSettings settings = settings(values, credentials, System.getenv("MQSERVER"));
        try {
            return new IbmMqProvider(settings);
        } catch (JMSException e) {
            // The client refuses a bad property value at once (a queue manager name it cannot take).
            throw new SettingsException("--provider ibmmq", "the IBM MQ client refused a setting: " + MqReasons.explain(e));
        }
    }

    @Override
    public Diagnosis diagnosis() {
        return new MqDiagnosis();
    }

    @Override
    public boolean owns(ConnectionFactory factory) {
        return factory instanceof MQConnectionFactory;
    }

    @Override
    public List<String> describe(ConnectionFactory factory) {
        int transport = ((MQConnectionFactory) factory).getTransportType();
        return List.of("IBM MQ factory: transport " + (transport == 1 ? "client" : "bindings (" + transport + ")")
                + "; async put, read ahead and persistence come from the queue objects or their definitions");
    }

    /**
     * The settings these values describe, each checked with a message naming its option.
     *
     * @param mqServer the MQSERVER environment variable, or null
     */
    public static MqSettings settings(ProviderValues values, Credentials credentials, String mqServer) {
        String queueManager = values.text(QMGR);
        String qmgr = queueManager == null ? "" : queueManager.strip();
        SettingsException.require(qmgr.length() <= MqSettings.MAX_QUEUE_MANAGER_LENGTH, QMGR, "expected a queue"
                + " manager name of at most " + MqSettings.MAX_QUEUE_MANAGER_LENGTH + " characters, got '" + queueManager + "'");
        String app = values.given(APP_NAME) ? values.text(APP_NAME) : "harness";
        SettingsException.require(!app.isBlank() && app.length() <= MqSettings.MAX_APP_NAME_LENGTH, APP_NAME,
                "expected 1 to " + MqSettings.MAX_APP_NAME_LENGTH + " characters, got '" + app + "'");
        String targetClient = values.text(TARGET_CLIENT);
        MqSettings.TargetClient target = switch (targetClient == null ? "jms" : targetClient.toLowerCase(Locale.ROOT)) {
            case "jms" -> MqSettings.TargetClient.JMS;
            case "mq" -> MqSettings.TargetClient.MQ;
            default -> throw new SettingsException(TARGET_CLIENT, "expected jms or mq, got '" + targetClient + "'");
        };
        String reconnect = values.text(RECONNECT);
        MqSettings.Reconnect reconnectMode = switch (reconnect == null ? "off" : reconnect.toLowerCase(Locale.ROOT)) {
            case "off" -> MqSettings.Reconnect.OFF;
            case "any" -> MqSettings.Reconnect.ANY;
            case "qmgr" -> MqSettings.Reconnect.QMGR;
            default -> throw new SettingsException(RECONNECT, "expected any, qmgr or off, got '" + reconnect + "'");
        };
        long timeoutNs = values.given(CONNECT_TIMEOUT) ? values.durationNs(CONNECT_TIMEOUT) : DEFAULT_CONNECT_TIMEOUT_NS;
        SettingsException.require(timeoutNs >= 1_000_000_000L && timeoutNs <= MAX_CONNECT_TIMEOUT_NS, CONNECT_TIMEOUT,
                "expected 1s to 10m (the MQ client counts whole seconds)");
        String cipher = values.text(CIPHER);
        SettingsException.require(cipher == null || !cipher.isBlank(), CIPHER, "expected a CipherSuite name");
        MqAddress address = null;
        String ccdtUrl = null;
        String source;
        if (values.given(CCDT)) {
            String clash = values.given(HOST) ? HOST : values.given(PORT) ? PORT : values.given(CHANNEL) ? CHANNEL
                    : values.given(CONN_NAME) ? CONN_NAME : null;
            SettingsException.require(clash == null, CCDT, "a CCDT names its own channels and hosts; leave out " + clash);
            ccdtUrl = ccdtUrl(values.text(CCDT));
            source = CCDT;
        } else if (values.given(HOST) || values.given(PORT) || values.given(CHANNEL) || values.given(CONN_NAME)) {
            SettingsException.require(!values.given(CONN_NAME) || !values.given(HOST) && !values.given(PORT), CONN_NAME,
                    "give it instead of --mq-host and --mq-port, not with them");
            address = address(values);
            source = (values.given(CONN_NAME) ? CONN_NAME : "--mq-host/--mq-port") + (mqServer != null ? " (MQSERVER ignored)" : "");
        } else if (mqServer != null) {
            try {
                address = MqAddress.parseMqServer(mqServer);
            } catch (IllegalArgumentException e) {
                throw new SettingsException("MQSERVER=" + mqServer, e.getMessage());
            }
            source = "MQSERVER";
        } else {
            address = MqSettings.developerAddress();
            source = "the developer defaults";
        }
        return new MqSettings(qmgr, address, ccdtUrl, source, credentials.user(), credentials.password(), cipher, app,
                Boolean.TRUE.equals(values.onOff(ASYNC_PUT)), Boolean.TRUE.equals(values.onOff(READ_AHEAD)), target,
                reconnectMode, (int) Math.ceil(timeoutNs / 1e9));
    }

    private static MqAddress address(ProviderValues values) {
        String ch = values.given(CHANNEL) ? values.text(CHANNEL) : "DEV.APP.SVRCONN";
        try {
            MqAddress.checkChannel(ch);
        } catch (IllegalArgumentException e) {
            throw new SettingsException(CHANNEL, e.getMessage());
        }
        if (values.given(CONN_NAME)) {
            try {
                return new MqAddress(ch, MqAddress.parseConnName(values.text(CONN_NAME)));
            } catch (IllegalArgumentException e) {
                throw new SettingsException(CONN_NAME, e.getMessage());
            }
        }
        String host = values.text(HOST);
        String h = host == null ? "localhost" : host.strip();
        SettingsException.require(!h.isEmpty() && !h.matches(".*[\\s(),].*"), HOST,
                "expected a host name or address, got '" + host + "'");
        int p = values.given(PORT) ? values.wholeNumber(PORT) : MqAddress.DEFAULT_PORT;
        try {
            MqAddress.checkPort(p);
        } catch (IllegalArgumentException e) {
            throw new SettingsException(PORT, e.getMessage());
        }
        return new MqAddress(ch, List.of(new MqAddress.Endpoint(h, p)));
    }

    /** A URL as the MQ client takes it; a local file must exist now rather than fail inside the client. */
    private static String ccdtUrl(String value) {
        String v = value.strip();
        if (v.matches("(?i)https?://.+")) {
            return v;
        }
        Path file;
        try {
            file = v.regionMatches(true, 0, "file:", 0, 5) ? Paths.get(new URI(v)) : Paths.get(v);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new SettingsException(CCDT, "expected file:///path/ccdt.json, a path, or an http(s) URL, got '" + value + "'");
        }
        SettingsException.require(Files.isRegularFile(file) && Files.isReadable(file), CCDT + " " + value,
                "no readable file " + file.toAbsolutePath());
        return file.toAbsolutePath().toUri().toString();
    }
}
