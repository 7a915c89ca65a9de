package dev.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.harness.core.FileErrors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** A user and where its password is; a password never goes on the command line or into output. */
final class CredentialOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--user", description = "User name.")
    String user;

    /** Where the password is: one place or none, which picocli checks. */
    @ArgGroup(exclusive = true, multiplicity = "0..1")
    PasswordSource source;

    static final class PasswordSource {
        @Option(names = "--password-env", paramLabel = "VAR", description = "Environment variable that holds the password.")
        String env;

        @Option(names = "--password-file", paramLabel = "FILE", description = "File whose first line is the password.")
        Path file;
    }

    /** The password, or "" for a user without one, or null when there is no user. */
    String password() {
        String passwordEnv = source == null ? null : source.env;
        Path passwordFile = source == null ? null : source.file;
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
                throw usage("--password-file: cannot read " + passwordFile + ": " + FileErrors.describeRead(e));
            }
        }
        return user == null ? null : "";
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
