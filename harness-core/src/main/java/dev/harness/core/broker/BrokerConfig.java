package dev.harness.core.broker;

import java.nio.file.Path;

/**
 * How to run an embedded Artemis broker.
 *
 * @param dataDir journal, bindings, paging and large messages live below it
 * @param host the one address the acceptor listens on
 * @param port its port
 * @param journal how the journal writes
 * @param user null for no login; else the only user, allowed everything
 * @param password the user's password; never printed
 * @param deleteOnClose remove {@code dataDir} when the broker stops (the run's temp broker)
 * @param journalBufferTimeoutNs how long the journal gathers writes before a sync; 0 = measure
 *     the disk much as {@code artemis create} does (see {@link JournalTuning})
 * @param globalMaxSizeBytes the memory its messages may take before it pages them to disk; 0 for
 *     Artemis's default (half of this JVM's largest heap)
 */
public record BrokerConfig(Path dataDir, String host, int port, Journal journal, String user, String password,
        boolean deleteOnClose, long journalBufferTimeoutNs, long globalMaxSizeBytes) {

    /** With Artemis's own memory bound: half of this JVM's largest heap. */
    public BrokerConfig(Path dataDir, String host, int port, Journal journal, String user, String password,
            boolean deleteOnClose, long journalBufferTimeoutNs) {
        this(dataDir, host, port, journal, user, password, deleteOnClose, journalBufferTimeoutNs, 0);
    }

    /** The journal types the harness offers. */
    public enum Journal {
        NIO, MAPPED, AIO;

        /** AIO needs libaio on the machine; Artemis would silently fall back to NIO without it. */
        public static boolean aioAvailable() {
            try {
                return org.apache.activemq.artemis.nativo.jlibaio.LibaioContext.isLoaded();
            } catch (LinkageError e) {
                return false;
            }
        }
    }
}
