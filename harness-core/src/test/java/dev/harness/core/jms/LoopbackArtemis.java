package dev.harness.core.jms;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.function.Consumer;

import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;

/**
 * A real Artemis broker in the test's JVM, reached over TCP on 127.0.0.1 at a free port: no
 * persistence, security or JMX, and whatever else a test sets on its configuration.
 */
public final class LoopbackArtemis implements AutoCloseable {
    private final EmbeddedActiveMQ broker;
    private final String url;

    private LoopbackArtemis(EmbeddedActiveMQ broker, String url) {
        this.broker = broker;
        this.url = url;
    }

    public static LoopbackArtemis start() throws Exception {
        return start(c -> { });
    }

    public static LoopbackArtemis start(Consumer<ConfigurationImpl> settings) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String url = "tcp://127.0.0.1:" + port;
        ConfigurationImpl config = new ConfigurationImpl();
        config.setPersistenceEnabled(false).setSecurityEnabled(false).setJMXManagementEnabled(false)
                .addAcceptorConfiguration("tcp", url);
        settings.accept(config);
        EmbeddedActiveMQ broker = new EmbeddedActiveMQ();
        broker.setConfiguration(config);
        broker.start();
        return new LoopbackArtemis(broker, url);
    }

    public String url() {
        return url;
    }

    public ActiveMQServer server() {
        return broker.getActiveMQServer();
    }

    @Override
    public void close() throws Exception {
        broker.stop();
    }
}
