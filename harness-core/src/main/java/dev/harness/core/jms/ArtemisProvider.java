package dev.harness.core.jms;

import java.util.List;

import javax.jms.Connection;
import javax.jms.JMSException;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.utils.VersionLoader;

/** Any Apache ActiveMQ Artemis broker, through its javax JMS client over TCP. */
public class ArtemisProvider implements Provider {
    private final String url;
    private final String user;
    private final String password;
    private final ActiveMQConnectionFactory factory;

    /**
     * @param url e.g. {@code tcp://127.0.0.1:61616}, with any Artemis URL parameters
     * @param user null for no login
     * @param password null for no login; never printed
     */
    public ArtemisProvider(String url, String user, String password) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.factory = new ActiveMQConnectionFactory(url);
        // A persistent send() returns only once the broker has the message; never a local ack.
        factory.setBlockOnDurableSend(true);
        // The harness reports a lost broker; it does not hide the outage behind retries.
        factory.setReconnectAttempts(0);
        factory.setInitialConnectAttempts(1);
    }

    public static String clientVersion() {
        return VersionLoader.getVersion().getFullVersion();
    }

    @Override
    public String target() {
        return "Artemis at " + url;
    }

    @Override
    public List<String> notes() {
        return List.of("persistent sends outside syncpoint block until the broker acknowledges them"
                + " (blockOnDurableSend=true); non-persistent sends do not wait for the broker");
    }

    @Override
    public Connection connect() throws JMSException {
        return user == null ? factory.createConnection() : factory.createConnection(user, password);
    }

    @Override
    public String explain(Exception e) {
        return Errors.oneLine(e) + " (check that an Artemis broker listens at " + url
                + " and accepts these credentials)";
    }

    @Override
    public void close() {
        factory.close();
    }
}
