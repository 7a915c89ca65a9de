package dev.harness.core.run;

import java.time.Instant;
import java.util.List;

import dev.harness.core.Setting;
import dev.harness.core.WorkloadKind;
import dev.harness.core.host.Environment;

/**
 * What a run is about to do, stated before it starts: settings that change results are never
 * left implicit.
 *
 * @param workload which workload
 * @param target what is driven, e.g. "embedded Artemis 2.44.0 at tcp://127.0.0.1:40123"
 * @param settings name and value of every setting, in the order a person reads them
 * @param notes sentences on semantics that change results (acknowledgement, syncpoint)
 * @param start when message 0 is due
 * @param environment where it runs (host, kernel, JVM, versions), read at its start; null when not read (tests)
 * @param lagBoundNs the send-lag beyond which a sender is behind the schedule: the run's one bound, which its
 *     validity, --warmup auto and the live lines' "behind" read; {@link Long#MAX_VALUE} when not known (files read back, tests)
 */
public record RunHeader(WorkloadKind workload, String target, List<Setting> settings, List<String> notes, Instant start,
        Environment environment, long lagBoundNs) {
    /** The setting a --preload run's header has: the hlog alone tells that the run began on a backlog. */
    public static final String PRELOADED = "preloaded";

    public RunHeader(WorkloadKind workload, String target, List<Setting> settings, List<String> notes, Instant start,
            Environment environment) {
        this(workload, target, settings, notes, start, environment, Long.MAX_VALUE);
    }

    public RunHeader(WorkloadKind workload, String target, List<Setting> settings, List<String> notes, Instant start) {
        this(workload, target, settings, notes, start, null);
    }
}
