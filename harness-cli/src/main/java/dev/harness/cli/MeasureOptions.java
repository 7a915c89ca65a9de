package dev.harness.cli;

import picocli.CommandLine.Option;

/**
 * How harness run measures: its reporting interval, the resolutions of its pause detector and
 * hiccup meter, and whether it warms up before message 0. A mixin of run, ab and k8s, as {@link WorkloadOptions}; RunnerSettings checks the values.
 */
final class MeasureOptions {
    @Option(names = "--interval", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Reporting interval of the console lines and the hlog. Default: ${DEFAULT-VALUE}.")
    long intervalNs;

    @Option(names = "--pause-resolution", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "How finely pause-corrected's detector watches this JVM (its thread wakes this often; a pause is"
                    + " a time neither it nor the hiccup meter's thread ran), and the shortest pause it corrects."
                    + " Default: ${DEFAULT-VALUE}.")
    long pauseResolutionNs;

    @Option(names = "--hiccup-resolution", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "How long the hiccup meter's sleeps are (hlog tag hiccup, the max pause column). 1ms, as jHiccup,"
                    + " costs 2.5 %% of a core on a 2-core VM, 10ms under 0.5 %%. Default: ${DEFAULT-VALUE}.")
    long hiccupResolutionNs;

    @Option(names = "--cold-start", description = "Send message 0 without the unmeasured burst that otherwise warms this"
            + " JVM, the client and the broker first: the first messages pay for class loading, the JIT's compilations"
            + " and the broker's first writes, as a freshly started application's do (the connections are made before"
            + " message 0 either way). Give a --warmup of 0s to measure them. Not in harness ab, whose rounds share a JVM.")
    boolean coldStart;
}
