package dev.harness.core.jms.embedded;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Credentials;
import dev.harness.core.jms.Diagnosis;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderValues;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisDiagnosis;

/** --provider embedded, the default: an Artemis broker in this JVM for the run. */
public final class EmbeddedKind implements ProviderKind {
    @Override
    public String name() {
        return "embedded";
    }

    @Override
    public String description() {
        return "an Artemis broker started in this process for the run (the default)";
    }

    @Override
    public boolean isDefault() {
        return true;
    }

    @Override
    public boolean ownBroker() {
        return true;
    }

    @Override
    public Provider open(ProviderValues values, Credentials credentials) throws UnreachableException {
        SettingsException.require(credentials.user() == null, "--user",
                "the embedded broker has no login; give --url or another --provider");
        return EmbeddedProvider.start();
    }

    @Override
    public Diagnosis diagnosis() {
        return new ArtemisDiagnosis(null);
    }
}
