package dev.harness.core.disturbance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.harness.core.Format;
import dev.harness.core.SettingsException;

/**
 * {@code --freeze-at}/{@code --freeze-for} (repeatable) or {@code --freeze-every}/{@code --freeze-count}:
 * when the run stops the broker and for how long, and whom it stops: the {@code harness broker} child
 * it starts itself, the process {@code --broker-pid} names, or any broker through {@code --freeze-cmd}
 * and {@code --thaw-cmd}. Checks itself against the run it belongs to.
 *
 * @param stops when each stop is due, from the schedule's start (warmup included), and how long it lasts; in order
 * @param brokerPid the process to stop with SIGSTOP and go on with SIGCONT; null for the harness's own child or commands
 * @param freezeCmd the shell command that stops the broker; null unless given
 * @param thawCmd the shell command that lets it go on; null unless given
 */
public record FreezePlan(List<Planned> stops, Long brokerPid, String freezeCmd, String thawCmd) {
    /** The most stops one run makes. */
    public static final int MAX_STOPS = 1_000;
    /** A freeze or thaw command still running after this has failed: stopping a process takes milliseconds. */
    public static final long COMMAND_WITHIN_NS = TimeUnit.SECONDS.toNanos(30);

    /** One stop: due {@code atNs} after the schedule's start, lasting {@code forNs}. */
    public record Planned(long atNs, long forNs) {
    }

    public FreezePlan {
        stops = List.copyOf(stops);
    }

    /**
     * The stops these options ask for, or null for none.
     *
     * @param atNs --freeze-at, each a time from the schedule's start; empty when not given
     * @param forNs --freeze-for: one length for every stop, or one per --freeze-at
     * @param everyNs --freeze-every, or null
     * @param count --freeze-count, or null
     * @param scheduleNs the schedule's length (warmup plus duration): every stop ends before it
     * @param ownBroker whether the run drives the embedded provider, whose broker the harness then runs as a child it can stop
     * @param provider the provider's name, for the message when the harness cannot stop its broker
     * @param ownPid this process's id, which --broker-pid must not name
     * @param killBroker whether the run also kills the broker (--kill-broker-at)
     */
    public static FreezePlan of(List<Long> atNs, List<Long> forNs, Long everyNs, Integer count, Long brokerPid,
            String freezeCmd, String thawCmd, long scheduleNs, boolean ownBroker, String provider, long ownPid,
            boolean killBroker) {
        if (atNs.isEmpty() && everyNs == null) {
            String alone = !forNs.isEmpty() ? "--freeze-for" : count != null ? "--freeze-count" : brokerPid != null
                    ? "--broker-pid" : freezeCmd != null ? "--freeze-cmd" : thawCmd != null ? "--thaw-cmd" : null;
            SettingsException.require(alone == null, alone, "applies with --freeze-at or --freeze-every, the times to"
                    + " stop the broker");
            return null;
        }
        SettingsException.require(atNs.isEmpty() || everyNs == null, "--freeze-every",
                "give --freeze-at (repeatable) or --freeze-every with --freeze-count, not both");
        SettingsException.require(!forNs.isEmpty(), "--freeze-for", "expected with "
                + (everyNs == null ? "--freeze-at" : "--freeze-every") + ": how long each stop lasts (100ms, 2s)");
        List<Planned> stops = new ArrayList<>();
        if (everyNs != null) {
            SettingsException.require(count != null, "--freeze-count", "expected with --freeze-every: how many stops");
            SettingsException.require(count >= 1 && count <= MAX_STOPS, "--freeze-count", "expected 1 to " + MAX_STOPS
                    + ", got " + count);
            SettingsException.require(forNs.size() == 1, "--freeze-for", "expected once with --freeze-every, got "
                    + forNs.size() + " lengths");
            SettingsException.require(everyNs > forNs.get(0), "--freeze-every", "expected longer than --freeze-for ("
                    + Format.duration(forNs.get(0)) + "), so that each stop ends before the next");
            for (int i = 1; i <= count; i++) {
                stops.add(new Planned(everyNs * i, forNs.get(0)));
            }
        } else {
            SettingsException.require(count == null, "--freeze-count", "applies with --freeze-every only");
            SettingsException.require(forNs.size() == 1 || forNs.size() == atNs.size(), "--freeze-for", "expected once"
                    + " (every stop's length) or once per --freeze-at (" + atNs.size() + "), got " + forNs.size());
            SettingsException.require(atNs.size() <= MAX_STOPS, "--freeze-at", "expected at most " + MAX_STOPS
                    + " stops, got " + atNs.size());
            for (int i = 0; i < atNs.size(); i++) {
                stops.add(new Planned(atNs.get(i), forNs.get(forNs.size() == 1 ? 0 : i)));
            }
            stops.sort(Comparator.comparingLong(Planned::atNs));
        }
        String at = everyNs == null ? "--freeze-at" : "--freeze-every";
        for (int i = 0; i < stops.size(); i++) {
            Planned p = stops.get(i);
            SettingsException.require(p.forNs() >= TimeUnit.MILLISECONDS.toNanos(1), "--freeze-for",
                    "expected 1ms or more, got " + Format.duration(p.forNs()));
            SettingsException.require(p.atNs() > 0 && p.atNs() + p.forNs() < scheduleNs, at, "expected every stop to begin"
                    + " after the start and end before the schedule's end (warmup plus duration, "
                    + Format.duration(scheduleNs) + "); the stop at " + Format.duration(p.atNs()) + " for "
                    + Format.duration(p.forNs()) + " does not");
            if (i > 0) {
                Planned before = stops.get(i - 1);
                SettingsException.require(before.atNs() + before.forNs() < p.atNs(), at, "the stop at "
                        + Format.duration(before.atNs()) + " for " + Format.duration(before.forNs())
                        + " has not ended when the one at " + Format.duration(p.atNs()) + " begins");
            }
        }
        SettingsException.require(!killBroker, "--kill-broker-at", "cannot be combined with --freeze-at or"
                + " --freeze-every: the broker restarted is another process");
        checkTarget(brokerPid, freezeCmd, thawCmd, ownPid);
        boolean other = brokerPid != null || freezeCmd != null;
        SettingsException.require(!(ownBroker && other), other && brokerPid != null ? "--broker-pid" : "--freeze-cmd",
                "the run drives the embedded broker, which runs inside this process and cannot be stopped apart from it:"
                        + " give the --url of the broker to stop, or leave the option out to freeze a harness broker child");
        SettingsException.require(ownBroker || other, at, "the harness stops a broker it runs itself, the process"
                + " --broker-pid names, or one --freeze-cmd and --thaw-cmd stop; give one of them for --provider " + provider);
        return new FreezePlan(stops, brokerPid, freezeCmd, thawCmd);
    }

    /**
     * Whom a stop is made by, apart from when: {@code --broker-pid}, or {@code --freeze-cmd} with
     * {@code --thaw-cmd}, or neither. harness verify checks them so before handing them to its runs.
     *
     * @param ownPid this process's id, which --broker-pid must not name
     */
    public static void checkTarget(Long brokerPid, String freezeCmd, String thawCmd, long ownPid) {
        SettingsException.require(brokerPid == null || freezeCmd == null && thawCmd == null, "--broker-pid",
                "give --broker-pid, or --freeze-cmd and --thaw-cmd, not both");
        SettingsException.require(freezeCmd == null || !freezeCmd.isBlank(), "--freeze-cmd",
                "expected a shell command, got an empty one");
        SettingsException.require(thawCmd == null || !thawCmd.isBlank(), "--thaw-cmd",
                "expected a shell command, got an empty one");
        SettingsException.require((freezeCmd == null) == (thawCmd == null), freezeCmd == null ? "--thaw-cmd" : "--freeze-cmd",
                "expected with " + (freezeCmd == null ? "--freeze-cmd" : "--thaw-cmd") + ": one stops the broker, the"
                        + " other lets it go on");
        if (brokerPid != null) {
            SettingsException.require(brokerPid > 0, "--broker-pid", "expected a process id above 0, got " + brokerPid);
            SettingsException.require(brokerPid != ownPid, "--broker-pid", brokerPid + " is this harness's own process,"
                    + " in which the embedded broker runs: stopping it would stop the measurement too; give the pid of a"
                    + " broker in another process (without --url the harness freezes a harness broker child of its own)");
        }
    }

    /** Whether the harness runs the broker it stops as a child of its own (no --broker-pid, no commands). */
    public boolean ownChild() {
        return brokerPid == null && freezeCmd == null;
    }

    /** "2s at 8s" or "10 stops of 100ms, every 1s from 1s", for the run header. */
    public String describe() {
        if (stops.size() == 1) {
            return Format.duration(stops.get(0).forNs()) + " at " + Format.duration(stops.get(0).atNs());
        }
        List<String> each = new ArrayList<>();
        for (Planned p : stops.subList(0, Math.min(stops.size(), 5))) {
            each.add(Format.duration(p.forNs()) + " at " + Format.duration(p.atNs()));
        }
        return stops.size() + " stops: " + String.join(", ", each) + (stops.size() > 5 ? ", ..." : "");
    }
}
