package dev.harness.agent.probe;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import dev.harness.agent.boot.ProbeHooks;
import dev.harness.agent.boot.ProbeSink;

/**
 * The probe's sink: one wait-free HdrHistogram {@link Recorder} per operation for the calls that
 * returned, one per operation for those that threw, one for receives that returned no message.
 * The recording path allocates nothing; only a call that throws looks up its error's kind.
 */
final class Recorders extends ProbeSink {
    /** One hour in ns: anything longer is recorded as one hour, never thrown on the caller. */
    static final long HIGHEST_NS = 3_600_000_000_000L;
    /** Two significant digits keep each histogram at tens of KB in someone else's heap. */
    static final int DIGITS = 2;
    private static final int MQPMO_SYNCPOINT = 0x00000002;

    final Recorder[] ok = new Recorder[Ops.COUNT];
    final Recorder[] failed = new Recorder[Ops.COUNT];
    final Recorder empty = recorder();
    /** "tag kind" to count, for the summary. */
    final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();
    private final Transacted transacted = new Transacted();

    Recorders() {
        for (int i = 0; i < Ops.COUNT; i++) {
            ok[i] = recorder();
            failed[i] = recorder();
        }
    }

    static Recorder recorder() {
        return new Recorder(1, HIGHEST_NS, DIGITS);
    }

    /** An empty histogram shaped as the recorders' (to recycle). */
    static Histogram histogram() {
        return new Histogram(1, HIGHEST_NS, DIGITS);
    }

    @Override
    public void timed(int op, long nanos, Object self, Throwable thrown) {
        record(op, nanos, thrown);
    }

    @Override
    public void send(long nanos, Object self, Throwable thrown) {
        record(transacted.of(self) ? ProbeHooks.SEND_SYNCPOINT : ProbeHooks.SEND, nanos, thrown);
    }

    @Override
    public void receive(long nanos, Object message, Throwable thrown) {
        if (thrown == null && message == null) {
            empty.recordValue(Math.min(nanos, HIGHEST_NS));
        } else {
            record(ProbeHooks.RECEIVE, nanos, thrown);
        }
    }

    @Override
    public void mqPut(long nanos, Object a1, Object a2, Object a3, Object a4, Object a5, Throwable thrown) {
        boolean syncpoint = syncpoint(a1) || syncpoint(a2) || syncpoint(a3) || syncpoint(a4) || syncpoint(a5);
        record(syncpoint ? ProbeHooks.MQ_PUT_SYNCPOINT : ProbeHooks.MQ_PUT, nanos, thrown);
    }

    private void record(int op, long nanos, Throwable thrown) {
        long v = Math.min(nanos, HIGHEST_NS);
        if (thrown == null) {
            ok[op].recordValue(v);
        } else {
            failed[op].recordValue(v);
            errorKinds.computeIfAbsent(Ops.TAGS.get(op) + " " + kind(thrown), k -> new LongAdder()).increment();
        }
    }

    /** The options field of an MQPutMessageOptions (or a class extending it), else null. */
    private static final ClassValue<Field> OPTIONS = new ClassValue<>() {
        @Override
        protected Field computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                if (c.getName().equals("com.ibm.mq.MQPutMessageOptions")) {
                    try {
                        Field f = c.getField("options");
                        return f.getType() == int.class ? f : null;
                    } catch (NoSuchFieldException | RuntimeException e) {
                        return null;
                    }
                }
            }
            return null;
        }
    };

    private static boolean syncpoint(Object arg) {
        if (arg == null || arg instanceof String) {
            return false;
        }
        Field f = OPTIONS.get(arg.getClass());
        try {
            return f != null && (f.getInt(arg) & MQPMO_SYNCPOINT) != 0;
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
    }

    /** An error's kind: for the MQ classes for Java its reason code's name, else the exception's class. */
    static String kind(Throwable t) {
        Class<?> c = t.getClass();
        try {
            Field reason = c.getField("reasonCode");
            if (reason.getType() == int.class && c.getName().startsWith("com.ibm.mq.")) {
                int code = reason.getInt(t);
                return reasonName(c.getClassLoader(), code) + " (" + code + ")";
            }
        } catch (NoSuchFieldException | IllegalAccessException | RuntimeException e) {
            // Not an MQException.
        }
        return c.getSimpleName().isEmpty() ? c.getName() : c.getSimpleName();
    }

    private static String reasonName(ClassLoader loader, int code) {
        try {
            Class<?> constants = Class.forName("com.ibm.mq.constants.MQConstants", false, loader);
            Method lookup = constants.getMethod("lookupReasonCode", int.class);
            Object name = lookup.invoke(null, code);
            if (name instanceof String s && !s.isEmpty()) {
                return s;
            }
        } catch (Throwable e) {
            // An MQ client without the lookup: the number alone.
        }
        return "MQ reason";
    }

    /** The error kinds so far, "tag kind" to count, sorted. */
    Map<String, Long> errorKinds() {
        Map<String, Long> out = new TreeMap<>();
        errorKinds.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }
}
