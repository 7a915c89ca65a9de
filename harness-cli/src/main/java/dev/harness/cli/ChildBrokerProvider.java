package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.harness.core.TempFiles;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisDiagnosis;
import dev.harness.core.jms.artemis.ArtemisProvider;

/**
 * The broker of {@code run --kill-broker-at} and {@code --freeze-at}: a {@code harness broker} child on a temporary
 * journal, driven over TCP, removed after the run.
 */
final class ChildBrokerProvider extends ArtemisProvider {
    private final ChildBroker broker;
    private final Path dataDir;
    private final String role;

    private ChildBrokerProvider(ChildBroker broker, Path dataDir, String role) {
        super(broker.url(), null, null);
        this.broker = broker;
        this.dataDir = dataDir;
        this.role = role;
    }

    /** A child killed and started again by --kill-broker-at. */
    static ChildBrokerProvider start() throws UnreachableException {
        return start("killed with SIGKILL and started again on the same journal by --kill-broker-at");
    }

    /** @param role what the run does to the child, for the run header's note */
    static ChildBrokerProvider start(String role) throws UnreachableException {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("harness-run-broker-");
            ChildBroker broker = new ChildBroker(dir, ChildBroker.freePort(), "auto").start();
            return new ChildBrokerProvider(broker, dir, role);
        } catch (IOException | ChildBroker.StartFailure | RuntimeException e) {
            TempFiles.deleteQuietly(dir);
            throw new UnreachableException("cannot start the harness broker child: " + ArtemisDiagnosis.oneLine(e), e);
        }
    }

    ChildBroker broker() {
        return broker;
    }

    @Override
    public String target() {
        return "harness broker child (embedded Artemis " + clientVersion() + ") at " + broker.url();
    }

    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>(super.notes());
        notes.add("the broker is a harness broker child process (journal in " + dataDir + ", buffer timeout "
                + broker.bufferTimeoutUs() + " us, removed at exit), " + role);
        return notes;
    }

    @Override
    public Path journalDir() {
        return dataDir;
    }

    @Override
    public void close() {
        super.close();
        broker.close();
        TempFiles.deleteQuietly(dataDir);
    }

}
