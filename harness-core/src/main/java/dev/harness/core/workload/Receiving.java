package dev.harness.core.workload;

import java.util.Locale;

import dev.harness.core.SettingsException;

/**
 * How the run's consumers get and acknowledge messages ({@code --ack}, {@code --receive}): a
 * message listener or a synchronous {@code receive(timeout)} loop, and the session's
 * acknowledgement, apart from the senders' {@code --syncpoint}.
 *
 * @param ack the session's acknowledgement
 * @param perCommit with {@link Ack#TRANSACTED}, gets per commit; 0 otherwise
 * @param sync a {@code receive(timeout)} loop on a thread and session per consumer, not a listener
 */
public record Receiving(Ack ack, int perCommit, boolean sync) {
    /** Most gets in one unit of work. */
    public static final int MAX_PER_COMMIT = 10_000;
    /** A listener with auto-acknowledgement: what every consumer did before these options. */
    public static final Receiving DEFAULT = new Receiving(Ack.AUTO, 0, false);

    /** The session's acknowledgement mode. */
    public enum Ack {
        AUTO, CLIENT, DUPS_OK, TRANSACTED;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public Receiving {
        SettingsException.require(ack != null, "--ack", "expected auto, client, dups-ok or transacted[:N]");
        SettingsException.require(ack == Ack.TRANSACTED ? perCommit >= 1 && perCommit <= MAX_PER_COMMIT : perCommit == 0,
                "--ack transacted:" + perCommit, "expected 1 to " + MAX_PER_COMMIT + " gets per commit");
        SettingsException.require(sync || perCommit <= 1, "--ack transacted:" + perCommit, "a listener cannot commit"
                + " the last gets of a unit when messages stop coming; give --receive sync, or transacted:1");
    }

    /**
     * The receiving of these options, each null for its default: {@code auto|client|dups-ok|transacted[:N]}
     * (transacted alone is a commit per get) and {@code listener|sync}.
     */
    public static Receiving of(String ack, String receive) {
        boolean sync = false;
        if (receive != null) {
            String r = receive.strip().toLowerCase(Locale.ROOT);
            SettingsException.require(r.equals("listener") || r.equals("sync"), "--receive",
                    "expected listener or sync, got '" + receive + "'");
            sync = r.equals("sync");
        }
        if (ack == null) {
            return new Receiving(Ack.AUTO, 0, sync);
        }
        String a = ack.strip().toLowerCase(Locale.ROOT);
        String expected = "expected auto, client, dups-ok or transacted[:N] (N gets per commit), got '" + ack + "'";
        if (a.startsWith("transacted")) {
            String n = a.substring("transacted".length());
            if (n.isEmpty()) {
                return new Receiving(Ack.TRANSACTED, 1, sync);
            }
            SettingsException.require(n.startsWith(":") && n.length() > 1 && n.substring(1).chars().allMatch(Character::isDigit)
                    && n.length() <= 7, "--ack", expected);
            return new Receiving(Ack.TRANSACTED, Integer.parseInt(n.substring(1)), sync);
        }
        for (Ack k : Ack.values()) {
            if (k != Ack.TRANSACTED && k.toString().equals(a)) {
                return new Receiving(k, 0, sync);
            }
        }
        throw new SettingsException("--ack", expected);
    }

    /**
     * As {@link #of}, for consumers that commit each get as they handle it (responders with their
     * replies, reply routers): {@code transacted:N} above 1 is refused in their words, {@code who}.
     */
    public static Receiving ofEachGet(String ack, String receive, String who) {
        boolean sync = of(null, receive).sync();
        String expected = who + " commit each get: expected auto, client, dups-ok or transacted, got '" + ack + "'";
        Receiving acks;
        try {
            acks = of(ack, "sync"); // the listener's rule on N is not theirs: N is refused below, whichever way they get
        } catch (SettingsException e) {
            throw new SettingsException("--ack", expected);
        }
        SettingsException.require(acks.perCommit() <= 1, "--ack", expected);
        return new Receiving(acks.ack(), acks.perCommit(), sync);
    }

    boolean transacted() {
        return ack == Ack.TRANSACTED;
    }

    /** For the header: how the consumers get, and what they acknowledge when. */
    public String describe() {
        return how() + "; " + acknowledgement();
    }

    /** For the header: what the consumers acknowledge when. */
    public String acknowledgement() {
        return switch (ack) {
            case AUTO -> "auto-acknowledge";
            case CLIENT -> "client acknowledge, each message once it is handled";
            case DUPS_OK -> "dups-ok: the client acknowledges lazily, so a message may come twice (counted as a duplicate)";
            case TRANSACTED -> "transacted, a commit every " + (perCommit == 1 ? "get" : perCommit + " gets")
                    + (sync && perCommit > 1 ? " and whenever the queue goes quiet" : "");
        };
    }

    /** For the header: how the consumers get. */
    public String how() {
        return sync ? "synchronous receive(timeout), a thread and a session per consumer" : "message listener";
    }
}
