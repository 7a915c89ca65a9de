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

    /** The code of a tag, or -1. */
    public static int code(String tag) {
        return TAGS.indexOf(tag);
    }
}
