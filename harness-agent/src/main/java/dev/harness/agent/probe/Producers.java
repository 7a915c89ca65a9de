package dev.harness.agent.probe;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;

/**
 * What a JMS producer says about a send: whether it sends inside syncpoint (its session or
 * context is transacted) and its delivery mode, read once per send on the application's thread.
 * For the providers we know (Artemis' javax and jakarta clients, IBM MQ's classes for JMS and for
 * Jakarta Messaging) it reads their plain fields through method handles cached per class: their
 * getters check the producer is open (building an exception on a closed one) and IBM's
 * getDeliveryMode goes through a synchronized map, a lock taken on the application's thread.
 * IBM's producers keep their delivery mode only in that map: it is unknown here. Other providers
 * are asked through their getters, and only after a send that returned. Nothing here allocates
 * once a class has been seen.
 */
final class Producers {
    /** JMS DeliveryMode values, and ours for a send that does not say. */
    static final int NON_PERSISTENT = 1;
    static final int PERSISTENT = 2;
    static final int UNKNOWN = 0;

    private static final MethodType TO_BOOLEAN = MethodType.methodType(boolean.class, Object.class);
    private static final MethodType TO_INT = MethodType.methodType(int.class, Object.class);
    private static final MethodType TO_OBJECT = MethodType.methodType(Object.class, Object.class);

    /**
     * How a known provider's producer class says it: a path of field names to a boolean (or, for
     * a context's session mode, an int that is 0 when transacted), and a path to its delivery
     * mode, or null when no plain field holds it.
     */
    record Known(String[] transacted, boolean zeroIsTransacted, String[] deliveryMode) {
    }

    private static final String[] MQ_TRANSACTED = {"commonProducer", "session", "transacted"};
    private static final String[] MQ_CONTEXT_TRANSACTED = {"session", "transacted"};
    /**
     * Class names, not classes: the javax and jakarta builds of Artemis share them. IBM's are put
     * together at run time ({@link #name}): harness-jakarta.jar carries these classes too, shaded
     * with IBM's javax packages relocated to the jakarta ones, string constants included, and an
     * application on that jar loads the probe from it; a javax name spelled out would become its
     * jakarta twin there, a duplicate key, and this class would fail to initialise.
     */
    static final Map<String, Known> KNOWN = Map.of(
            "org.apache.activemq.artemis.jms.client.ActiveMQMessageProducer",
            new Known(new String[] {"session", "transacted"}, false, new String[] {"defaultDeliveryMode"}),
            // JMSContext.SESSION_TRANSACTED is 0; its getTransacted() would create the context's session.
            "org.apache.activemq.artemis.jms.client.ActiveMQJMSProducer",
            new Known(new String[] {"context", "sessionMode"}, true, new String[] {"producer", "defaultDeliveryMode"}),
            name("com.ibm.mq", "jms.MQMessageProducer"), new Known(MQ_TRANSACTED, false, null),
            name("com.ibm.mq", "jakarta.jms.MQMessageProducer"), new Known(MQ_TRANSACTED, false, null),
            name("com.ibm.msg.client", "jms.internal.JmsProducerImpl"), new Known(MQ_CONTEXT_TRANSACTED, false, null),
            name("com.ibm.msg.client", "jakarta.jms.internal.JmsProducerImpl"), new Known(MQ_CONTEXT_TRANSACTED, false, null));

    /** A package and a class name joined at run time, where no shading's relocation of constants reaches. */
    private static String name(String pkg, String rest) {
        return pkg + "." + rest;
    }

    /** Per producer class: how to read it. */
    private static final ClassValue<Reader> READERS = new ClassValue<>() {
        @Override
        protected Reader computeValue(Class<?> type) {
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                Known k = KNOWN.get(c.getName());
                if (k != null) {
                    return new Reader(k, null, null);
                }
            }
            return new Reader(null, genericTransacted(type), genericDeliveryMode(type));
        }
    };

    /** Per class and field name: the field's getter, typed Object to Object, or to int for an int or boolean field. */
    private static final ClassValue<Map<String, MethodHandle>> FIELDS = new ClassValue<>() {
        @Override
        protected Map<String, MethodHandle> computeValue(Class<?> type) {
            Map<String, MethodHandle> out = new java.util.HashMap<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || out.containsKey(f.getName()) || !wanted(f.getName())) {
                        continue;
                    }
                    try {
                        f.setAccessible(true);
                        MethodHandle h = MethodHandles.lookup().unreflectGetter(f);
                        Class<?> t = f.getType();
                        out.put(f.getName(), t == int.class || t == boolean.class
                                ? MethodHandles.explicitCastArguments(h, TO_INT)
                                : t.isPrimitive() ? null : h.asType(TO_OBJECT));
                    } catch (Throwable e) {
                        // A module that does not open it: that path reads as unknown.
                    }
                }
            }
            return out;
        }
    };

    private static boolean wanted(String field) {
        for (Known k : KNOWN.values()) {
            for (String[] path : new String[][] {k.transacted(), k.deliveryMode()}) {
                if (path != null) {
                    for (String p : path) {
                        if (p.equals(field)) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    private record Reader(Known known, MethodHandle transacted, MethodHandle deliveryMode) {
    }

    private Producers() {
    }

    /** Reads the int (or boolean as 0/1) at the end of {@code path} from {@code o}; {@code otherwise} if any step cannot. */
    private static int readInt(Object o, String[] path, int otherwise) throws Throwable {
        for (int i = 0; i < path.length; i++) {
            if (o == null) {
                return otherwise;
            }
            MethodHandle h = FIELDS.get(o.getClass()).get(path[i]);
            if (h == null) {
                return otherwise;
            }
            if (i == path.length - 1) {
                return h.type() == TO_INT ? (int) h.invokeExact(o) : otherwise;
            }
            if (h.type() != TO_OBJECT) {
                return otherwise;
            }
            o = (Object) h.invokeExact(o);
        }
        return otherwise;
    }

    /** Per producer class of another provider: producer to its session's getTransacted(), or null. */
    private static MethodHandle genericTransacted(Class<?> type) {
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

    private static MethodHandle genericDeliveryMode(Class<?> type) {
        try {
            Method m = getter(type, "getDeliveryMode", int.class);
            return m == null ? null : MethodHandles.lookup().unreflect(m).asType(TO_INT);
        } catch (Throwable e) {
            return null;
        }
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

    /**
     * Whether the producer sends inside syncpoint; false when it cannot tell. A provider we do
     * not know is asked (its getter) only when {@code returned}: after a send that threw (a closed
     * session) the getter would build an exception of its own. Allocates nothing.
     */
    static boolean transacted(Object producer, boolean returned) {
        if (producer == null) {
            return false;
        }
        Reader r = READERS.get(producer.getClass());
        try {
            if (r.known != null) {
                int v = readInt(producer, r.known.transacted(), -1);
                return r.known.zeroIsTransacted() ? v == 0 : v > 0;
            }
            return returned && r.transacted != null && (boolean) r.transacted.invokeExact(producer);
        } catch (Throwable e) {
            return false; // a closed session: outside syncpoint
        }
    }

    /**
     * {@link #PERSISTENT} or {@link #NON_PERSISTENT}: the send's own delivery mode argument when
     * it has one ({@code given} is then 1 or 2), else the producer's; {@link #UNKNOWN} when
     * neither says. Only for a send that returned.
     */
    static int deliveryMode(Object producer, int given) {
        if (given == PERSISTENT || given == NON_PERSISTENT) {
            return given;
        }
        if (producer == null) {
            return UNKNOWN;
        }
        Reader r = READERS.get(producer.getClass());
        try {
            int mode;
            if (r.known != null) {
                mode = r.known.deliveryMode() == null ? UNKNOWN : readInt(producer, r.known.deliveryMode(), UNKNOWN);
            } else {
                mode = r.deliveryMode == null ? UNKNOWN : (int) r.deliveryMode.invokeExact(producer);
            }
            return mode == PERSISTENT || mode == NON_PERSISTENT ? mode : UNKNOWN;
        } catch (Throwable e) {
            return UNKNOWN;
        }
    }
}
