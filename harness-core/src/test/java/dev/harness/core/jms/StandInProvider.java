package dev.harness.core.jms;

import java.util.List;

import javax.jms.Connection;
import javax.jms.JMSException;

/**
 * A provider with no broker behind it, for tests of what happens before a connection, or of a
 * provider that cannot run here (IBM MQ without properties): its connections are what the test
 * makes them.
 */
public final class StandInProvider implements Provider {
    /** How the stand-in connects: throwing, counting, or handing out a proxy. */
    @FunctionalInterface
    public interface Connector {
        Connection connect() throws JMSException;
    }

    private final String target;
    private final Connector connector;
    private final boolean carriesProperties;

    public StandInProvider(String target, Connector connector) {
        this(target, connector, true);
    }

    public StandInProvider(String target, Connector connector, boolean carriesProperties) {
        this.target = target;
        this.connector = connector;
        this.carriesProperties = carriesProperties;
    }

    /** Refuses every connection: the test expects none. */
    public static StandInProvider unconnectable(String target) {
        return new StandInProvider(target, () -> {
            throw new IllegalStateException("no connection expected of " + target);
        });
    }

    @Override
    public String target() {
        return target;
    }

    @Override
    public String client() {
        return "stand-in";
    }

    @Override
    public List<String> notes() {
        return List.of();
    }

    @Override
    public boolean carriesProperties() {
        return carriesProperties;
    }

    @Override
    public Connection connect() throws JMSException {
        return connector.connect();
    }

    @Override
    public String explain(Exception e) {
        return e.toString();
    }

    @Override
    public void close() {
    }
}
