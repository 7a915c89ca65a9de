package dev.harness.e2e.jakartaonly;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;

/**
 * A connection factory of the jakarta.jms namespace only. Its work goes to Artemis's Jakarta
 * client, made on first use: the harness's javax jar looks this factory up (to learn its
 * namespace) but never uses it.
 */
public final class JakartaOnlyConnectionFactory implements ConnectionFactory {
    private final String url;

    JakartaOnlyConnectionFactory(String url) {
        this.url = url;
    }

    private ConnectionFactory target() {
        return Artemis.factory(url);
    }

    @Override
    public Connection createConnection() throws JMSException {
        return target().createConnection();
    }

    @Override
    public Connection createConnection(String userName, String password) throws JMSException {
        return target().createConnection(userName, password);
    }

    @Override
    public JMSContext createContext() {
        return target().createContext();
    }

    @Override
    public JMSContext createContext(String userName, String password) {
        return target().createContext(userName, password);
    }

    @Override
    public JMSContext createContext(String userName, String password, int sessionMode) {
        return target().createContext(userName, password, sessionMode);
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        return target().createContext(sessionMode);
    }

    /** Apart, so that only a use of the factory loads Artemis's client classes. */
    private static final class Artemis {
        static ConnectionFactory factory(String url) {
            return new org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory(url);
        }
    }
}
