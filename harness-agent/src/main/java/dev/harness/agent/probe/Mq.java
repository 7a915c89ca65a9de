package dev.harness.agent.probe;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * What the MQ classes for Java say about a put, read from the application's own objects through
 * a method handle per class (a {@link ClassValue}): the put-message options' syncpoint bit and
 * the message's persistence. Allocates nothing once a class has been seen.
 */
final class Mq {
    private static final int MQPMO_SYNCPOINT = 0x00000002;
    private static final int MQPER_NOT_PERSISTENT = 0;
    private static final int MQPER_PERSISTENT = 1;
    private static final MethodType TO_INT = MethodType.methodType(int.class, Object.class);

    private static final ClassValue<MethodHandle> OPTIONS = intField("com.ibm.mq.MQPutMessageOptions", "options");
    private static final ClassValue<MethodHandle> PERSISTENCE = intField("com.ibm.mq.MQMessage", "persistence");

    private Mq() {
    }

    /** Per class: a getter of the public int field {@code field} if the class is or extends {@code owner}, else null. */
    private static ClassValue<MethodHandle> intField(String owner, String field) {
        return new ClassValue<>() {
            @Override
            protected MethodHandle computeValue(Class<?> type) {
                for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                    if (c.getName().equals(owner)) {
                        try {
                            Field f = c.getField(field);
                            if (f.getType() != int.class || Modifier.isStatic(f.getModifiers())) {
                                return null;
                            }
                            return MethodHandles.lookup().unreflectGetter(f).asType(TO_INT);
                        } catch (Throwable e) {
                            return null;
                        }
                    }
                }
                return null;
            }
        };
    }

    private static int read(ClassValue<MethodHandle> field, Object o, int otherwise) {
        if (o == null || o instanceof String) {
            return otherwise;
        }
        MethodHandle h = field.get(o.getClass());
        try {
            return h == null ? otherwise : (int) h.invokeExact(o);
        } catch (Throwable e) {
            return otherwise;
        }
    }

    /** Whether {@code arg} is put-message options asking for syncpoint. */
    static boolean syncpoint(Object arg) {
        return (read(OPTIONS, arg, 0) & MQPMO_SYNCPOINT) != 0;
    }

    /**
     * The delivery mode ({@link Producers} codes) if {@code arg} is an MQMessage that says:
     * persistent, not persistent; as the queue's default ({@code MQPER_PERSISTENCE_AS_Q_DEF}) is
     * unknown here. -1 when {@code arg} is no message.
     */
    static int persistence(Object arg) {
        int p = read(PERSISTENCE, arg, Integer.MIN_VALUE);
        return p == Integer.MIN_VALUE ? -1 : p == MQPER_PERSISTENT ? Producers.PERSISTENT
                : p == MQPER_NOT_PERSISTENT ? Producers.NON_PERSISTENT : Producers.UNKNOWN;
    }
}
