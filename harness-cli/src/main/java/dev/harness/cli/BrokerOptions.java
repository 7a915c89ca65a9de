package dev.harness.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.jms.ArtemisProvider;
import dev.harness.core.jms.EmbeddedProvider;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Which broker a command drives: the embedded one by default, or an Artemis broker by URL. */
final class BrokerOptions {
    private static final Pattern URL = Pattern.compile("tcp://[^:/?\\s]+:(\\d{1,5})(\\?\\S*)?");

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--url", paramLabel = "tcp://HOST:PORT",
            description = "An Artemis broker to drive (Artemis URL parameters allowed), e.g. one started with harness broker."
                    + " Without it, an embedded broker is started for the run.")
    String url;

    @Mixin
    CredentialOptions credentials;

    /** Checks the options and starts or connects the provider; exceptions carry one line. */
    Provider open() throws UnreachableException {
        String password = credentials.password();
        if (url == null) {
            if (credentials.user != null) {
                throw usage("--user needs --url: the embedded broker has no login");
            }
            return EmbeddedProvider.start();
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

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
