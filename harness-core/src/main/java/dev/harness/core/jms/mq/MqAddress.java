package dev.harness.core.jms.mq;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a queue manager listens, in MQ's own notation: a connection name list
 * {@code "host1(1414),host2(1415)"} (a missing port means 1414), reached through a server-connection
 * channel. Parsed here so that a typo is a clear line before any connection is tried.
 */
public record MqAddress(String channel, List<Endpoint> endpoints) {
    public static final int DEFAULT_PORT = 1414;
    /** MQ_CHANNEL_NAME_LENGTH. */
    public static final int MAX_CHANNEL_LENGTH = 20;

    public record Endpoint(String host, int port) {
        @Override
        public String toString() {
            return host + "(" + port + ")";
        }
    }

    public MqAddress {
        endpoints = List.copyOf(endpoints);
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("expected at least one host");
        }
        checkChannel(channel);
    }

    /** MQ's connection name list, as WMQ_CONNECTION_NAME_LIST wants it. */
    public String connName() {
        return String.join(",", endpoints.stream().map(Endpoint::toString).toList());
    }

    @Override
    public String toString() {
        return "channel " + channel + " at " + connName();
    }

    private static final Pattern ENTRY = Pattern.compile("\\s*([^\\s(),]+)\\s*(?:\\(\\s*(\\d{1,5})\\s*\\))?\\s*");

    /**
     * A connection name list: {@code host(port)} entries separated by commas; a missing port
     * means 1414.
     *
     * @throws IllegalArgumentException with what was expected, for a message after the option name
     */
    public static List<Endpoint> parseConnName(String connName) {
        if (connName == null || connName.isBlank()) {
            throw new IllegalArgumentException("expected host(port)[,host(port)...], got nothing");
        }
        List<Endpoint> list = new ArrayList<>();
        for (String entry : connName.split(",", -1)) {
            Matcher m = ENTRY.matcher(entry);
            if (!m.matches()) {
                throw new IllegalArgumentException("expected host(port)[,host(port)...], got '" + connName + "'");
            }
            int port = m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2));
            list.add(new Endpoint(m.group(1), checkPort(port)));
        }
        return list;
    }

    /**
     * The MQSERVER environment variable of MQ's C client: {@code CHANNEL/TCP/connName}, where
     * connName may itself be a list.
     */
    public static MqAddress parseMqServer(String value) {
        String[] parts = value == null ? new String[0] : value.strip().split("/", -1);
        if (parts.length != 3 || parts[0].isBlank()) {
            throw new IllegalArgumentException("expected CHANNEL/TCP/host(port), got '" + value + "'");
        }
        if (!parts[1].strip().toUpperCase(Locale.ROOT).equals("TCP")) {
            throw new IllegalArgumentException("transport '" + parts[1] + "': the harness speaks TCP only,"
                    + " expected CHANNEL/TCP/host(port)");
        }
        return new MqAddress(parts[0].strip(), parseConnName(parts[2]));
    }

    public static int checkPort(int port) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("expected a port from 1 to 65535, got " + port);
        }
        return port;
    }

    public static void checkChannel(String channel) {
        if (channel == null || channel.isBlank() || channel.length() > MAX_CHANNEL_LENGTH) {
            throw new IllegalArgumentException("expected a channel name of 1 to " + MAX_CHANNEL_LENGTH
                    + " characters, got '" + channel + "'");
        }
    }
}
