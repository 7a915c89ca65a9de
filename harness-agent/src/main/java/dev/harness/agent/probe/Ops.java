package dev.harness.agent.probe;

import java.util.List;

/** The hlog tags, a contract (issue 15), indexed by the operation codes of {@code ProbeHooks}. */
public final class Ops {
    /** Tag of each operation code. */
    public static final List<String> TAGS = List.of("send", "send-syncpoint", "commit", "rollback", "receive",
            "on-message", "mq-put", "mq-put-syncpoint", "mq-get", "mq-commit", "mq-backout");

    public static final int COUNT = TAGS.size();

    private Ops() {
    }

    /** The hlog tag of the pause-corrected view of an operation's tag. */
    public static String correctedTag(String tag) {
        return tag + "-pause-corrected";
    }

    /**
     * The hlog tag a shipped histogram is written under: the operation's own for its calls
     * (outcome {@code calls}: every call, returned or thrown; {@code ok} from an agent of an
     * earlier build: those that returned), {@code TAG-pause-corrected} for that view,
     * {@code hiccup} for the JVM's pauses; null for those the hlog does not hold (the failed calls
     * again, already among the calls; empty receives).
     */
    public static String hlogTag(String outcome, String tag) {
        if (isCalls(outcome)) {
            return tag;
        }
        return switch (outcome) {
            case "pause" -> tag;
            case "corrected" -> correctedTag(tag);
            default -> null;
        };
    }

    /** Whether a shipped histogram is an operation's calls ({@code calls}, or {@code ok} from an agent of an earlier build). */
    public static boolean isCalls(String outcome) {
        return outcome.equals("calls") || outcome.equals("ok");
    }

    /** The code of a tag, or -1. */
    public static int code(String tag) {
        return TAGS.indexOf(tag);
    }
}
