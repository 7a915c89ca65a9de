package dev.harness.agent.probe;

import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Whether a JMS producer sends inside syncpoint: its session (or context) is transacted. The JMS
 * API does not tell a producer's session, so the first send of each producer looks for a field
 * holding an object with {@code getTransacted()} (Artemis' producers keep their session, its
 * JMSProducer its context) and remembers the answer in a lock-free table of weak references, so
 * later sends read it without locking or allocating and producers are not kept alive.
 */
final class Transacted {
    private static final int SIZE = 1 << 12;
    private static final int PROBES = 16;

    private static final class Entry extends WeakReference<Object> {
        final boolean transacted;

        Entry(Object producer, boolean transacted) {
            super(producer);
            this.transacted = transacted;
        }
    }

    private final AtomicReferenceArray<Entry> table = new AtomicReferenceArray<>(SIZE);

    /** The field of a producer class that leads to its session, or null. */
    private static final ClassValue<Field> SESSION_FIELD = new ClassValue<>() {
        @Override
        protected Field computeValue(Class<?> type) {
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                        continue;
                    }
                    if (transactedMethod(f.getType()) != null) {
                        try {
                            f.setAccessible(true);
                            return f;
                        } catch (RuntimeException e) {
                            return null;
                        }
                    }
                }
            }
            return null;
        }
    };

    static Method transactedMethod(Class<?> type) {
        try {
            Method m = type.getMethod("getTransacted");
            return m.getReturnType() == boolean.class ? m : null;
        } catch (NoSuchMethodException | RuntimeException e) {
            return null;
        }
    }

    boolean of(Object producer) {
        if (producer == null) {
            return false;
        }
        int h = System.identityHashCode(producer);
        for (int i = 0; i < PROBES; i++) {
            Entry e = table.get((h + i) & (SIZE - 1));
            if (e == null) {
                break;
            }
            if (e.get() == producer) {
                return e.transacted;
            }
        }
        boolean transacted = compute(producer);
        Entry entry = new Entry(producer, transacted);
        for (int i = 0; i < PROBES; i++) {
            int slot = (h + i) & (SIZE - 1);
            Entry e = table.get(slot);
            if ((e == null || e.get() == null) && table.compareAndSet(slot, e, entry)) {
                return transacted;
            }
        }
        table.set(h & (SIZE - 1), entry); // a full neighbourhood: the oldest answer is asked again later
        return transacted;
    }

    private static boolean compute(Object producer) {
        try {
            Field f = SESSION_FIELD.get(producer.getClass());
            Object session = f == null ? null : f.get(producer);
            if (session == null) {
                return false;
            }
            Method m = transactedMethod(session.getClass());
            if (m == null) {
                return false;
            }
            m.setAccessible(true);
            return Boolean.TRUE.equals(m.invoke(session));
        } catch (Throwable e) {
            return false; // a closed session, a class we cannot open: outside syncpoint
        }
    }
}
