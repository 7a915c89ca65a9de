package dev.harness.core.disturbance;

import java.util.concurrent.TimeUnit;

import dev.harness.core.SettingsException;

/**
 * {@code --kill-broker-at} and {@code --restart-after}: kill -9 the broker (the one the harness runs
 * itself, or any with {@code --kill-cmd}) at a time from the schedule's start, and start it again
 * after a while. Checks itself against the run it belongs to.
 *
 * @param atNs from the schedule's start (warmup included)
 * @param restartAfterNs how long the broker stays down
 */
public record BrokerKill(long atNs, long restartAfterNs) {

    /**
     * The kill these options ask for, or null for none.
     *
     * @param scheduleNs the schedule's length (warmup plus duration)
     * @param ownBroker whether the harness runs the broker as a child it can kill (the embedded provider)
     * @param provider the provider's name, for the message when it is not
     * @param reconnectTimeoutNs how long workers try to connect again
     * @param killCmd whether --kill-cmd (and --start-cmd) kill and start the broker, whatever it is
     */
    public static BrokerKill of(Long atNs, Long restartAfterNs, long scheduleNs, boolean ownBroker, String provider,
            long reconnectTimeoutNs, boolean killCmd) {
        if (atNs == null) {
            SettingsException.require(restartAfterNs == null, "--restart-after", "applies with --kill-broker-at only");
            SettingsException.require(!killCmd, "--kill-cmd", "applies with --kill-broker-at, the time to kill the broker");
            return null;
        }
        SettingsException.require(atNs > 0 && atNs < scheduleNs, "--kill-broker-at", "expected a time after the start"
                + " and before the schedule's end (warmup plus duration, " + TimeUnit.NANOSECONDS.toMillis(scheduleNs)
                + " ms)");
        SettingsException.require(ownBroker || killCmd, "--kill-broker-at", "the harness kills a broker it runs itself,"
                + " or with --kill-cmd and --start-cmd; leave out --url and --provider " + provider + ", or give both commands");
        SettingsException.require(reconnectTimeoutNs > 0, "--kill-broker-at",
                "needs --reconnect-timeout above 0s, or the run ends at the kill");
        long restart = restartAfterNs == null ? 0 : restartAfterNs;
        SettingsException.require(restart >= 0 && restart < reconnectTimeoutNs, "--restart-after", "expected less than"
                + " --reconnect-timeout (" + TimeUnit.NANOSECONDS.toMillis(reconnectTimeoutNs) + " ms), or the workers"
                + " give up before the broker is back");
        return new BrokerKill(atNs, restart);
    }

    /** How long a restart may take before the workers give up: what --reconnect-timeout leaves after --restart-after. */
    public long readyWithinNs(long reconnectTimeoutNs) {
        return reconnectTimeoutNs - restartAfterNs;
    }
}
