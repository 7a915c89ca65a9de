package dev.harness.agent.boot;

/**
 * Where {@link ProbeHooks} hands each timed call. On the bootstrap class path beside the hooks, so
 * that the advice inlined into any class loader's classes reaches it; the probe's implementation
 * lives in the agent's own loader. Implementations must not throw, block or allocate per call.
 */
public abstract class ProbeSink {
    /** A call of {@code op} ({@link ProbeHooks} codes) that took {@code nanos}; {@code thrown} if it threw. */
    public abstract void timed(int op, long nanos, Object self, Throwable thrown);

    /**
     * A JMS send: {@code self} is the producer, which says whether it sends inside syncpoint;
     * {@code deliveryMode} the send's own argument (1 non-persistent, 2 persistent), 0 if it has none.
     */
    public abstract void send(long nanos, Object self, int deliveryMode, Throwable thrown);

    /** A receive: {@code message} null is a receive that returned no message. */
    public abstract void receive(long nanos, Object message, Throwable thrown);

    /**
     * An MQ put or put1: its reference arguments (null where absent or not bound), among them the
     * message and perhaps the put-message options.
     */
    public abstract void mqPut(long nanos, Object a0, Object a1, Object a2, Object a3, Object a4, Object a5,
            Throwable thrown);
}
