package dev.harness.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.jms.JMSException;

import dev.harness.core.FileErrors;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisProvider;
import dev.harness.core.jms.embedded.EmbeddedProvider;
import dev.harness.core.jms.jndi.JndiProvider;
import dev.harness.core.jms.mq.IbmMqProvider;
import dev.harness.core.jms.mq.MqReasons;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Which messaging system a command drives, and how to reach it. */
final class ProviderOptions {
    private static final Pattern URL = Pattern.compile("tcp://[^:/?\\s]+:(\\d{1,5})(\\?\\S*)?");

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The messaging systems the harness drives. */
    enum Kind {
        EMBEDDED, ARTEMIS, IBMMQ, JNDI;

        /** The name on the command line: embedded, artemis ... */
        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    @Option(names = "--provider", paramLabel = "embedded|artemis|ibmmq|jndi", converter = Values.ProviderChoice.class,
            description = "embedded: an Artemis broker started in this process for the run (the default);"
                    + " artemis: an Artemis broker at --url (the default when --url is given);"
                    + " ibmmq: an IBM MQ queue manager (--mq-* options); jndi: any JMS provider through --jndi.")
    Kind provider;

    @Option(names = "--url", paramLabel = "tcp://HOST:PORT",
            description = "artemis: the broker to drive (Artemis URL parameters allowed), e.g. one started with harness broker.")
    String url;

    @Option(names = "--jndi", paramLabel = "FILE",
            description = "jndi: a jndi.properties file (java.naming.factory.initial and the provider's entries);"
                    + " the provider's client jars go on HARNESS_CLASSPATH.")
    Path jndiFile;

    @Option(names = "--cf", paramLabel = "NAME", description = "jndi: JNDI name of the connection factory. Default: ConnectionFactory.")
    String connectionFactory;

    @Mixin
    MqOptions mq;

    @Mixin
    CredentialOptions credentials;

    /** The provider the options name, without starting or reaching anything. */
    Kind kind() {
        if (provider == null) {
            return url == null ? Kind.EMBEDDED : Kind.ARTEMIS;
        }
        return provider;
    }

    /** Checks the options and starts or connects the provider; exceptions carry one line. */
    Provider open() throws UnreachableException {
        Kind kind = kind();
        only(kind, Kind.ARTEMIS, "--url", url);
        only(kind, Kind.JNDI, "--jndi", jndiFile, "--cf", connectionFactory);
        if (kind != Kind.IBMMQ && mq.given() != null) {
            throw usage(mq.given() + ": applies to --provider ibmmq only");
        }
        String password = credentials.password();
        return switch (kind) {
            case EMBEDDED -> {
                if (credentials.user != null) {
                    throw usage("--user: the embedded broker has no login; give --url or another --provider");
                }
                yield EmbeddedProvider.start();
            }
            case ARTEMIS -> artemis(password);
            case IBMMQ -> ibmmq(password);
            case JNDI -> jndi(password);
        };
    }

    private Provider artemis(String password) {
        if (url == null) {
            throw usage("--provider artemis: give the broker's --url tcp://HOST:PORT");
        }
        Matcher m = URL.matcher(url);
        if (!m.matches() || Integer.parseInt(m.group(1)) > 65535) {
            throw usage("--url: expected tcp://HOST:PORT with a port up to 65535, got '" + url + "'");
        }
        try {
            return new ArtemisProvider(url, credentials.user, password);
        } catch (RuntimeException e) {
            throw usage("--url: '" + url + "' is not a usable Artemis URL: " + e.getMessage());
        }
    }

    private Provider ibmmq(String password) throws UnreachableException {
        var settings = mq.settings(credentials.user, password, System.getenv("MQSERVER"), this::usage);
        try {
            return new IbmMqProvider(settings);
        } catch (JMSException e) {
            // The client refuses a bad property value at once (a queue manager name it cannot take).
            throw usage("--provider ibmmq: the IBM MQ client refused a setting: " + MqReasons.explain(e));
        }
    }

    private Provider jndi(String password) throws UnreachableException {
        if (jndiFile == null) {
            throw usage("--provider jndi: give --jndi FILE, a jndi.properties file");
        }
        Properties env = new Properties();
        try (Reader r = Files.newBufferedReader(jndiFile, StandardCharsets.ISO_8859_1)) {
            env.load(r);
        } catch (IOException | IllegalArgumentException e) {
            throw usage("--jndi " + jndiFile + ": cannot read the file: "
                    + (e instanceof IOException io ? FileErrors.describeRead(io) : e.getMessage()));
        }
        String name = connectionFactory == null ? "ConnectionFactory" : connectionFactory;
        try {
            return new JndiProvider(env, jndiFile.toString(), name, credentials.user, password);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** Options of another provider are refused, not silently ignored. */
    private void only(Kind kind, Kind owner, Object... optionsAndValues) {
        for (int i = 0; i < optionsAndValues.length; i += 2) {
            if (optionsAndValues[i + 1] != null && kind != owner) {
                throw usage(optionsAndValues[i] + ": applies to --provider " + owner + " only");
            }
        }
    }

    ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
