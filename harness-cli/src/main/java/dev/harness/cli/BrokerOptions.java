package dev.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import dev.harness.core.jms.ArtemisProvider;
import dev.harness.core.jms.EmbeddedProvider;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Which broker a command drives: the embedded one by default, or an Artemis broker by URL. */
final class BrokerOptions {
    private static final Pattern URL = Pattern.compile("tcp://[^:/?\\s]+:\\d{1,5}(\\?\\S*)?");

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--url", paramLabel = "tcp://HOST:PORT",
            description = "An Artemis broker to drive (Artemis URL parameters allowed). Without it, an embedded broker is started.")
    String url;

    @Option(names = "--user", description = "User name for the broker.")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR",
            description = "Environment variable that holds the password (never put a password on the command line).")
    String passwordEnv;

    @Option(names = "--password-file", paramLabel = "FILE", description = "File whose first line is the password.")
    Path passwordFile;

    /** Checks the options and starts or connects the provider; exceptions carry one line. */
    Provider open() throws UnreachableException {
        String password = password();
        if (url == null) {
            if (user != null) {
                throw usage("--user needs --url: the embedded broker has no login");
            }
            return EmbeddedProvider.start();
        }
        if (!URL.matcher(url).matches()) {
            throw usage("--url: expected tcp://HOST:PORT, got '" + url + "'");
        }
        try {
            return new ArtemisProvider(url, user, password);
        } catch (RuntimeException e) {
            throw usage("--url: '" + url + "' is not a usable Artemis URL: " + e.getMessage());
        }
    }

    private String password() {
        if (passwordEnv != null && passwordFile != null) {
            throw usage("--password-env and --password-file: give only one");
        }
        if ((passwordEnv != null || passwordFile != null) && user == null) {
            throw usage("a password was given without --user");
        }
        if (passwordEnv != null) {
            String p = System.getenv(passwordEnv);
            if (p == null) {
                throw usage("--password-env: environment variable " + passwordEnv + " is not set");
            }
            return p;
        }
        if (passwordFile != null) {
            try {
                List<String> lines = Files.readAllLines(passwordFile, StandardCharsets.UTF_8);
                if (lines.isEmpty()) {
                    throw usage("--password-file: " + passwordFile + " is empty");
                }
                return lines.get(0);
            } catch (IOException e) {
                throw usage("--password-file: cannot read " + passwordFile + ": " + FileErrors.describe(e));
            }
        }
        return user == null ? null : "";
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
