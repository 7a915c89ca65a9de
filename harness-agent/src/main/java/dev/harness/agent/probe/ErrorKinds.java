package dev.harness.agent.probe;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How often each kind of error was thrown, per operation. On the application's thread a failure
 * is counted under its key (operation, exception class, MQ reason code) in a small fixed table
 * claimed slot by slot with compare-and-set: no lock, no allocation, no string. The names ("mq-put
 * MQRC_HOST_NOT_AVAILABLE (2538)") are worked out on the shipper's thread. A key that finds no
 * free slot counts in {@link #overflow}.
 */
final class ErrorKinds {
    private static final int SLOTS = 64;
    private static final int FREE = 0;
    private static final int CLAIMED = 1;
    private static final int READY = 2;
    /** The code of an error that has none (not an MQException). */
    static final int NO_CODE = Integer.MIN_VALUE;

    private final AtomicIntegerArray state = new AtomicIntegerArray(SLOTS);
    private final Class<?>[] types = new Class<?>[SLOTS];
    private final int[] ops = new int[SLOTS];
    private final int[] codes = new int[SLOTS];
    private final AtomicLongArray counts = new AtomicLongArray(SLOTS);
    private final AtomicLong overflow = new AtomicLong();
    /** The shipper's names of the slots, worked out once each. */
    private final String[] names = new String[SLOTS];

    /** Per exception class: its MQ reason code's getter (IBM's MQException and subclasses), else null. */
    private static final ClassValue<MethodHandle> REASON = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> type) {
            if (!type.getName().startsWith("com.ibm.mq.")) {
                return null;
            }
            try {
                Field f = type.getField("reasonCode");
                return f.getType() != int.class ? null
                        : MethodHandles.lookup().unreflectGetter(f).asType(MethodType.methodType(int.class, Throwable.class));
            } catch (Throwable e) {
                return null;
            }
        }
    };

    /** Counts one failure of {@code op}. Wait-free in all but a race for a new slot; allocates nothing. */
    void count(int op, Throwable thrown) {
        Class<?> type = thrown.getClass();
        int code = reasonCode(type, thrown);
        int h = (System.identityHashCode(type) * 31 + op) * 31 + code;
        for (int i = 0; i < SLOTS; i++) {
            int s = (h + i) & (SLOTS - 1);
            int st = state.get(s);
            if (st == READY) {
                if (types[s] == type && ops[s] == op && codes[s] == code) {
                    counts.incrementAndGet(s);
                    return;
                }
            } else if (st == FREE && state.compareAndSet(s, FREE, CLAIMED)) {
                types[s] = type;
                ops[s] = op;
                codes[s] = code;
                counts.set(s, 1);
                state.set(s, READY); // publishes the plain writes above
                return;
            }
            // CLAIMED: being filled, maybe with this very key; a twin slot is merged by name later.
        }
        overflow.incrementAndGet();
    }

    private static int reasonCode(Class<?> type, Throwable thrown) {
        MethodHandle h = REASON.get(type);
        try {
            return h == null ? NO_CODE : (int) h.invokeExact(thrown);
        } catch (Throwable e) {
            return NO_CODE;
        }
    }

    /** "tag kind" to count so far, sorted. Only on the shipper's thread (or at the end). */
    synchronized Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        for (int s = 0; s < SLOTS; s++) {
            if (state.get(s) != READY) {
                continue;
            }
            if (names[s] == null) {
                names[s] = Ops.TAGS.get(ops[s]) + " " + name(types[s], codes[s]);
            }
            out.merge(names[s], counts.get(s), Long::sum);
        }
        long lost = overflow.get();
        if (lost > 0) {
            out.put("(other kinds)", lost);
        }
        return out;
    }

    /** An error's kind: for the MQ classes for Java its reason code's name, else the exception's class. */
    static String name(Class<?> type, int code) {
        if (code != NO_CODE) {
            return reasonName(type.getClassLoader(), code) + " (" + code + ")";
        }
        return type.getSimpleName().isEmpty() ? type.getName() : type.getSimpleName();
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
}
