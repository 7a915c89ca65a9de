package dev.harness.cli;

import picocli.CommandLine.Option;

/**
 * How harness run measures: its reporting interval and the resolutions of its pause detector and
 * hiccup meter. A mixin of run, ab and k8s, as {@link WorkloadOptions}; RunnerSettings checks the values.
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
}
