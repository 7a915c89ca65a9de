package dev.harness.core.jms.jndi;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Credentials;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderOption;
import dev.harness.core.jms.ProviderValues;
import dev.harness.core.jms.UnreachableException;

/** --provider jndi: any JMS provider whose client is on the class path, through a jndi.properties file. */
public final class JndiKind implements ProviderKind {
    static final String JNDI_OPTION = "--jndi";
    static final String CF_OPTION = "--cf";

    @Override
    public String name() {
        return "jndi";
    }

    @Override
    public String description() {
        return "any JMS provider through --jndi";
    }

    @Override
    public List<ProviderOption> options() {
        return List.of(
                ProviderOption.text(JNDI_OPTION, "FILE", "jndi: a jndi.properties file (java.naming.factory.initial and"
                        + " the provider's entries); the provider's client jars go on HARNESS_CLASSPATH."),
                ProviderOption.text(CF_OPTION, "NAME", "jndi: JNDI name of the connection factory. Default: ConnectionFactory."));
    }

    @Override
    public Provider open(ProviderValues values, Credentials credentials) throws UnreachableException {
        String file = values.text(JNDI_OPTION);
        SettingsException.require(file != null, "--provider jndi", "give --jndi FILE, a jndi.properties file");
        return new JndiProvider(environment(file), file, factoryName(values), credentials.user(), credentials.password());
    }

    /** Whatever the factory JNDI holds is: a jakarta.jms one runs in harness-jakarta.jar with no flag. */
    @Override
    public Api api(ProviderValues values) {
        String file = values.text(JNDI_OPTION);
        try {
            Api found = file == null ? null : JndiProvider.apiOf(environment(file), factoryName(values));
            return found == null ? Api.JAVAX : found;
        } catch (SettingsException e) {
            return Api.JAVAX; // the run says what is wrong with the file
        }
    }

    private static Properties environment(String file) {
        Properties env = new Properties();
        try (Reader r = Files.newBufferedReader(Path.of(file), StandardCharsets.ISO_8859_1)) {
            env.load(r);
        } catch (IOException | IllegalArgumentException e) {
            throw new SettingsException(JNDI_OPTION + " " + file, "cannot read the file: "
                    + (e instanceof IOException io ? FileErrors.describeRead(io) : e.getMessage()));
        }
        return env;
    }

    private static String factoryName(ProviderValues values) {
        return values.given(CF_OPTION) ? values.text(CF_OPTION) : "ConnectionFactory";
    }
}
