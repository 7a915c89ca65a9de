package dev.harness.agent.probe;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * What a JMS producer says about a send: whether it sends inside syncpoint (its session or
 * context is transacted) and its delivery mode. The JMS API does not tell a producer's session,
 * so each producer class is looked at once for a field holding an object with
 * {@code getTransacted()} (Artemis' producers keep their session, its JMSProducer its context);
 * the answer is a method handle per class, kept in a {@link ClassValue}. A send then costs two
 * handle calls and allocates nothing, however many producers the application makes (Spring's
 * JmsTemplate without caching makes one per send).
 */
final class Producers {
    /** JMS DeliveryMode values, and ours for a send that does not say. */
    static final int NON_PERSISTENT = 1;
    static final int PERSISTENT = 2;
    static final int UNKNOWN = 0;

    private static final MethodType TO_BOOLEAN = MethodType.methodType(boolean.class, Object.class);
    private static final MethodType TO_INT = MethodType.methodType(int.class, Object.class);

    /** Per producer class: producer to its session's getTransacted(), or null. */
    private static final ClassValue<MethodHandle> TRANSACTED = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> type) {
            try {
                for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                    for (Field f : c.getDeclaredFields()) {
                        if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                            continue;
                        }
                        Method m = getter(f.getType(), "getTransacted", boolean.class);
                        if (m != null) {
                            f.setAccessible(true);
                            MethodHandles.Lookup lookup = MethodHandles.lookup();
                            MethodHandle ask = lookup.unreflect(m).asType(MethodType.methodType(boolean.class, f.getType()));
                            return MethodHandles.filterReturnValue(lookup.unreflectGetter(f), ask).asType(TO_BOOLEAN);
                        }
                    }
                }
            } catch (Throwable e) {
                // A class we may not open: its sends count as outside syncpoint.
            }
            return null;
        }
    };

    /** Per producer class: its getDeliveryMode(), or null. */
    private static final ClassValue<MethodHandle> DELIVERY_MODE = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> type) {
            try {
                Method m = getter(type, "getDeliveryMode", int.class);
                return m == null ? null : MethodHandles.lookup().unreflect(m).asType(TO_INT);
            } catch (Throwable e) {
                return null;
            }
        }
    };

    private Producers() {
    }

    /** A public no-argument method of that name and return type, made accessible, or null. */
    static Method getter(Class<?> type, String name, Class<?> returns) {
        try {
            Method m = type.getMethod(name);
            if (m.getReturnType() != returns) {
                return null;
            }
            m.setAccessible(true); // public method of a class that need not be
            return m;
        } catch (NoSuchMethodException | RuntimeException e) {
            return null;
        }
    }

    /** Whether the producer sends inside syncpoint; false when it cannot tell. Allocates nothing. */
    static boolean transacted(Object producer) {
        if (producer == null) {
            return false;
        }
        MethodHandle h = TRANSACTED.get(producer.getClass());
        try {
            return h != null && (boolean) h.invokeExact(producer);
        } catch (Throwable e) {
            return false; // a closed session: outside syncpoint
        }
    }

    /**
     * {@link #PERSISTENT} or {@link #NON_PERSISTENT}: the send's own delivery mode argument when
     * it has one ({@code given} is then 1 or 2), else the producer's; {@link #UNKNOWN} when
     * neither says.
     */
    static int deliveryMode(Object producer, int given) {
        if (given == PERSISTENT || given == NON_PERSISTENT) {
            return given;
        }
        if (producer == null) {
            return UNKNOWN;
        }
        MethodHandle h = DELIVERY_MODE.get(producer.getClass());
        try {
            int mode = h == null ? UNKNOWN : (int) h.invokeExact(producer);
            return mode == PERSISTENT || mode == NON_PERSISTENT ? mode : UNKNOWN;
        } catch (Throwable e) {
            return UNKNOWN;
        }
    }
}
