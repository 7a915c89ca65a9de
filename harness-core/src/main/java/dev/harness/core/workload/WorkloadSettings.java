package dev.harness.core.workload;

import java.util.List;

import dev.harness.core.run.RunHeader.Setting;

/** What every workload's settings say about the run: its timing and how it reads in the header. */
interface WorkloadSettings {
    double rate();

    long warmupNs();

    long durationNs();

    long drainTimeoutNs();

    List<Setting> describe();
}
