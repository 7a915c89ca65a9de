package dev.harness.cli;

import java.util.Map;

import dev.harness.core.logdisk.LogDiskSettings;
import dev.harness.core.run.RunnerSettings;
import dev.harness.core.schedule.Warmup;
import dev.harness.core.workload.MessageType;
import dev.harness.core.workload.PayloadContent;
import dev.harness.core.workload.RespondSettings;
import dev.harness.core.workload.WorkloadSettings;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Defaults the settings in harness-core own, as option text for picocli (and so for --help's
 * "Default:"), so that no command keeps a copy. Options not listed here keep their annotation's
 * default, or none.
 */
final class Defaults implements IDefaultValueProvider {
    private static final Map<String, String> BY_COMMAND_AND_OPTION = Map.ofEntries(
            Map.entry("run --rate", rate(WorkloadSettings.DEFAULT_RATE)),
            Map.entry("run --warmup", Warmup.DEFAULT_TEXT),
            Map.entry("sweep --warmup", SweepCommand.STEP_WARMUP),
            Map.entry("run --duration", Values.durationText(WorkloadSettings.DEFAULT_DURATION_NS)),
            Map.entry("run --size", Values.sizeText(WorkloadSettings.DEFAULT_SIZE_BYTES)),
            Map.entry("run --payload", PayloadContent.DEFAULT.option()),
            Map.entry("run --message-type", MessageType.DEFAULT.option()),
            Map.entry("run --drain-timeout", Values.durationText(WorkloadSettings.DEFAULT_DRAIN_TIMEOUT_NS)),
            Map.entry("run --reconnect-timeout", Values.durationText(WorkloadSettings.DEFAULT_RECONNECT_TIMEOUT_NS)),
            Map.entry("run --interval", Values.durationText(RunnerSettings.DEFAULT_INTERVAL_NS)),
            Map.entry("run --pause-resolution", Values.durationText(RunnerSettings.DEFAULT_PAUSE_RESOLUTION_NS)),
            Map.entry("run --hiccup-resolution", Values.durationText(RunnerSettings.DEFAULT_HICCUP_RESOLUTION_NS)),
            Map.entry("respond --responders", Integer.toString(RespondSettings.DEFAULT_RESPONDERS)),
            Map.entry("respond --size", Values.sizeText(WorkloadSettings.DEFAULT_SIZE_BYTES)),
            Map.entry("respond --interval", Values.durationText(RespondSettings.DEFAULT_INTERVAL_NS)),
            Map.entry("respond --reconnect-timeout", Values.durationText(WorkloadSettings.DEFAULT_RECONNECT_TIMEOUT_NS)),
            Map.entry("bench --size", Values.sizeText(WorkloadSettings.DEFAULT_SIZE_BYTES)),
            Map.entry("logdisk --bsize", String.join(",", LogDiskSettings.DEFAULT_BLOCK_SIZES)),
            Map.entry("logdisk --files", Integer.toString(LogDiskSettings.DEFAULT_FILES)),
            Map.entry("logdisk --file-size", Values.sizeText(LogDiskSettings.DEFAULT_FILE_SIZE)),
            Map.entry("logdisk --duration", Values.durationText(LogDiskSettings.DEFAULT_DURATION_NS)),
            Map.entry("logdisk --threads", Integer.toString(LogDiskSettings.DEFAULT_THREADS)),
            Map.entry("logdisk --sync", LogDiskSettings.DEFAULT_SYNC.name().toLowerCase(java.util.Locale.ROOT)),
            Map.entry("logdisk --file-prefix", LogDiskSettings.DEFAULT_FILE_PREFIX));

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option) || arg.command() == null) {
            return null;
        }
        String own = BY_COMMAND_AND_OPTION.get(arg.command().name() + " " + option.longestName());
        // ab and k8s declare run's WorkloadOptions and MeasureOptions as mixins and pass them on: run's defaults.
        return own != null || !SHARE_RUN_OPTIONS.contains(arg.command().name()) ? own
                : BY_COMMAND_AND_OPTION.get("run " + option.longestName());
    }

    /** The commands that take harness run's option groups (as mixins) and pass them on to runs. */
    private static final java.util.Set<String> SHARE_RUN_OPTIONS = java.util.Set.of("ab", "k8s", "sweep");

    private static String rate(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
    }

    /** For tests: the text of one default. */
    static String of(String commandAndOption) {
        return BY_COMMAND_AND_OPTION.get(commandAndOption);
    }
}
