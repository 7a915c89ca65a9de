package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;

import dev.harness.core.jms.Provider;
import dev.harness.core.run.RunHeader.Setting;
import dev.harness.core.run.Workload;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Shard;

/** A workload whose timing and description are those of its settings. */
abstract class SettingsWorkload implements Workload {
    private final WorkloadSettings settings;
    private long reconnectTimeoutNs;
    /** --warmup auto: its longest; 0 for the settings' fixed warmup. */
    private long autoWarmupMaxNs;
    /** What completes an asynchronous send with this provider, for the header; null with blocking sends. */
    private String acknowledgement;

    SettingsWorkload(WorkloadSettings settings) {
        this.settings = settings;
    }

    /**
     * Workers that lose their connection connect again, backing off, for at most this long
     * before the run fails; 0 (the default here): a lost connection fails the run at once.
     */
    public Workload reconnectWithin(long timeoutNs) {
        this.reconnectTimeoutNs = WorkloadSettings.checkReconnectTimeout(timeoutNs);
        return this;
    }

    /**
     * The warmup {@code --warmup} asks for: the settings' own (fixed, or auto's shortest) and, with
     * auto, its longest; the run decides where it ends.
     */
    public Workload warmup(Warmup warmup) {
        if (warmup.ns() != settings.warmupNs()) {
            throw new IllegalArgumentException("the settings' warmup is " + settings.warmupNs() + " ns, not " + warmup.ns());
        }
        this.autoWarmupMaxNs = warmup.autoMaxNs();
        return this;
    }

    @Override
    public long autoWarmupMaxNs() {
        return autoWarmupMaxNs;
    }

    /** With --max-in-flight above 1: a provider without acknowledged asynchronous sends refuses here, before any connection. */
    void acknowledgedAsyncSends(Provider provider, boolean asyncSends) {
        acknowledgement = asyncSends ? provider.acknowledgedAsyncSends() : null;
    }

    long reconnectTimeoutNs() {
        return reconnectTimeoutNs;
    }

    /** How many messages the schedule holds, or 0 when it is unthrottled. */
    long scheduledTotal() {
        return settings.rate() == 0 ? 0
                : new Schedule(0, settings.rate(), longestWarmupNs() + settings.durationNs(), settings.shard()).total();
    }

    private long longestWarmupNs() {
        return autoWarmupMaxNs > 0 ? autoWarmupMaxNs : settings.warmupNs();
    }

    @Override
    public List<Setting> describe() {
        List<Setting> s = new ArrayList<>(settings.describe());
        if (autoWarmupMaxNs > 0) {
            s.replaceAll(x -> x.name().equals("warmup")
                    ? new Setting("warmup", new Warmup(settings.warmupNs(), autoWarmupMaxNs).describe()) : x);
        }
        if (!settings.shard().whole()) {
            s.add(new Setting("shard", settings.shard() + ": messages k of the schedule with k mod " + settings.shard().count()
                    + " = " + settings.shard().index() + ", " + Format.rate(settings.shard().share(settings.rate()))
                    + "/s of its " + Format.rate(settings.rate()) + "/s"));
        }
        s.add(new Setting("reconnect", reconnectTimeoutNs == 0 ? "off (a lost connection fails the run)"
                : "for up to " + Format.duration(reconnectTimeoutNs) + ", backing off from 100ms to 1s"));
        if (acknowledgement != null) {
            s.add(new Setting("acknowledgement", acknowledgement));
        }
        return s;
    }

    @Override
    public Shard shard() {
        return settings.shard();
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
