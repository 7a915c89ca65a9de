package dev.harness.core.jms.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.harness.core.broker.EmbeddedArtemis;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisDiagnosis;
import dev.harness.core.jms.artemis.ArtemisProvider;

/** The default: an embedded Artemis broker started for this run and removed after it. */
public final class EmbeddedProvider extends ArtemisProvider {
    private final EmbeddedArtemis broker;

    private EmbeddedProvider(EmbeddedArtemis broker) {
        super(broker.url(), null, null);
        this.broker = broker;
    }

    public static EmbeddedProvider start() throws UnreachableException {
        try {
            return new EmbeddedProvider(EmbeddedArtemis.startTemporary());
        } catch (Exception e) {
            throw new UnreachableException("cannot start the embedded broker: " + ArtemisDiagnosis.oneLine(e), e);
        }
    }

    @Override
    public String target() {
        return "embedded Artemis " + clientVersion() + " at " + broker.url();
    }

    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>(super.notes());
        notes.add("the embedded broker's journal is in " + broker.dataDir() + ", removed at exit");
        notes.add(String.format(Locale.ROOT, "the embedded broker's journal gathers writes for %.0f us before a"
                + " sync: one synchronous write on this disk, the median of those measured at start",
                broker.journalBufferTimeoutNs() / 1e3));
        notes.add("the embedded broker shares this JVM and its CPUs with the harness;"
                + " drive a broker of its own with --url to keep them apart");
        return notes;
    }

    @Override
    public java.nio.file.Path journalDir() {
        return broker.dataDir();
    }

    @Override
    public void close() {
        super.close();
        broker.close();
    }
}
