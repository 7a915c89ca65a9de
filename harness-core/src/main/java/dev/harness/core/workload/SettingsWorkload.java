package dev.harness.core.workload;

import java.util.List;

import dev.harness.core.run.RunHeader.Setting;
import dev.harness.core.run.Workload;

/** A workload whose timing and description are those of its settings. */
abstract class SettingsWorkload implements Workload {
    private final WorkloadSettings settings;

    SettingsWorkload(WorkloadSettings settings) {
        this.settings = settings;
    }

    @Override
    public List<Setting> describe() {
        return settings.describe();
    }

    @Override
    public double rate() {
        return settings.rate();
    }

    @Override
    public long warmupNs() {
        return settings.warmupNs();
    }

    @Override
    public long durationNs() {
        return settings.durationNs();
    }

    @Override
    public long drainTimeoutNs() {
        return settings.drainTimeoutNs();
    }
}
