package dev.harness.core.jms;

import java.util.List;

import javax.jms.Connection;
import javax.jms.JMSException;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.utils.VersionLoader;

import dev.harness.core.run.Bounded;

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
        String line = Errors.oneLine(e);
        // AMQ219007 cannot connect; AMQ229031 / AMQ229032 unknown user / not allowed.
        if (line.startsWith("AMQ219007") || line.startsWith("AMQ119007")) {
            return line + " (is a broker running and listening there?)";
        }
        if (line.startsWith("AMQ229031") || line.startsWith("AMQ229032")) {
            return line + " (check --user and the password for " + url + ")";
        }
        return line;
    }

    @Override
    public void close() {
        Bounded.runAll("harness-close", List.of(factory::close), 5_000);
    }
}
