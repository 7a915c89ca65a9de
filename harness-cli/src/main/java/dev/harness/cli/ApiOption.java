package dev.harness.cli;

import dev.harness.core.jms.Api;
import picocli.CommandLine.Option;

/** Which namespace of the messaging API drives the run; harness-jakarta.jar serves jakarta. */
final class ApiOption {
    @Option(names = "--api", paramLabel = "javax|jakarta", converter = Values.ApiChoice.class,
            description = "javax: JMS 2.0 clients (javax.jms); jakarta: Jakarta Messaging 3 clients (jakarta.jms)."
                    + " Default: javax for embedded, artemis and ibmmq; for jndi, the namespace of the factory found.")
    Api api;
}
