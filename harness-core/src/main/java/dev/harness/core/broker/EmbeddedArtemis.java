package dev.harness.core.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

import dev.harness.core.TempFiles;

/**
 * An Apache ActiveMQ Artemis broker inside this JVM: persistence on, journal in its own
 * directory, one acceptor on 127.0.0.1. Clients still reach it over real TCP.
 */
public final class EmbeddedArtemis implements AutoCloseable {
    /** How long a temporary broker's stop waits for its last connections to end. */
    static final long LAST_CONNECTIONS_MS = 2_000;
    private final EmbeddedActiveMQ server;
    private final Path dataDir;
    private final boolean deleteOnClose;
    private final String url;
    private final long journalBufferTimeoutNs;

    private EmbeddedArtemis(EmbeddedActiveMQ server, Path dataDir, boolean deleteOnClose, String url,
            long journalBufferTimeoutNs) {
        this.server = server;
        this.dataDir = dataDir;
        this.deleteOnClose = deleteOnClose;
        this.url = url;
        this.journalBufferTimeoutNs = journalBufferTimeoutNs;
    }

    /** The journal buffer timeout in force, measured or given. */
    public long journalBufferTimeoutNs() {
        return journalBufferTimeoutNs;
    }

    /** A broker with its journal in a fresh temporary directory, removed on close. */
    public static EmbeddedArtemis startTemporary() throws Exception {
        Path dir = Files.createTempDirectory("harness-broker-");
        try {
            return start(new BrokerConfig(dir, "127.0.0.1", freePort(), BrokerConfig.Journal.NIO, null, null, true, 0), true);
        } catch (Exception e) {
            TempFiles.deleteQuietly(dir);
            throw e;
        }
    }

    public static EmbeddedArtemis start(BrokerConfig c) throws Exception {
        return start(c, false);
    }

    /**
     * With {@code lastToClose}, the broker's clients are this JVM's own, closed before it: its stop
     * waits (a moment at most) for their connections to end. The broker ends a connection's
     * temporary queues after the client has gone; stopped under them, it logs their removal as an
     * error on the user's console.
     */
    private static EmbeddedArtemis start(BrokerConfig c, boolean lastToClose) throws Exception {
        Path dataDir = c.dataDir();
        long bufferTimeoutNs = c.journalBufferTimeoutNs() > 0 ? c.journalBufferTimeoutNs()
                : JournalTuning.measureBufferTimeoutNs(dataDir.resolve("journal"));
        Configuration config = new ConfigurationImpl()
                .setJournalBufferTimeout_NIO((int) bufferTimeoutNs)
                .setJournalBufferTimeout_AIO((int) bufferTimeoutNs)
                .setPersistenceEnabled(true)
                .setJournalType(switch (c.journal()) {
                    case NIO -> JournalType.NIO;
                    case MAPPED -> JournalType.MAPPED;
                    case AIO -> JournalType.ASYNCIO;
                })
                .setJournalDirectory(dataDir.resolve("journal").toString())
                .setBindingsDirectory(dataDir.resolve("bindings").toString())
                .setPagingDirectory(dataDir.resolve("paging").toString())
                .setLargeMessagesDirectory(dataDir.resolve("large-messages").toString())
                .setNodeManagerLockDirectory(dataDir.toString())
                .setSecurityEnabled(c.user() != null)
                .setJMXManagementEnabled(false)
                .addAcceptorConfiguration("harness", "tcp://" + c.host() + ":" + c.port())
                // As the stock broker.xml does; without them every new queue logs two warnings, and
                // every expired message (--ttl) one: the queues keep what expired, as a stock broker's do.
                .addAddressSetting("#", new AddressSettings()
                        .setDeadLetterAddress(SimpleString.of("DLQ"))
                        .setExpiryAddress(SimpleString.of("ExpiryQueue")))
                .addQueueConfiguration(QueueConfiguration.of("DLQ").setRoutingType(RoutingType.ANYCAST))
                .addQueueConfiguration(QueueConfiguration.of("ExpiryQueue").setRoutingType(RoutingType.ANYCAST));
        if (lastToClose) {
            config.setGracefulShutdownEnabled(true).setGracefulShutdownTimeout(LAST_CONNECTIONS_MS);
        }
        if (c.globalMaxSizeBytes() > 0) {
            config.setGlobalMaxSize(c.globalMaxSizeBytes());
        }
        EmbeddedActiveMQ server = new EmbeddedActiveMQ();
        server.setConfiguration(config);
        if (c.user() != null) {
            server.setSecurityManager(new SingleUserSecurity(c.user(), c.password()));
        }
        server.start();
        String url = "tcp://" + c.host() + ":" + c.port();
        EmbeddedArtemis broker = new EmbeddedArtemis(server, dataDir, c.deleteOnClose(), url, bufferTimeoutNs);
        if (!server.getActiveMQServer().isActive() || server.getActiveMQServer().getRemotingService().getAcceptor("harness") == null
                || !server.getActiveMQServer().getRemotingService().getAcceptor("harness").isStarted()) {
            broker.close();
            throw new IllegalStateException("the broker did not start listening at " + url);
        }
        return broker;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    public String url() {
        return url;
    }

    /** The memory its messages may take before it pages them to disk: as configured, or Artemis's default. */
    public long globalMaxSizeBytes() {
        long configured = server.getActiveMQServer().getConfiguration().getGlobalMaxSize();
        return configured > 0 ? configured : Runtime.getRuntime().maxMemory() / 2;
    }

    public Path dataDir() {
        return dataDir;
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            // Stopping is best effort; the directory still goes.
        }
        if (deleteOnClose) {
            TempFiles.deleteQuietly(dataDir);
        }
    }
}
