package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.agent.boot.ProbeHooks;

/**
 * What the probe reads of a producer on the application's thread: the known providers' plain
 * fields (Artemis' and IBM's real client classes, built without a broker or queue manager and
 * with their fields set, so their getters, which check the producer is open, would fail), and
 * another provider's getters only after a send that returned.
 */
class ProducersTest {
    /** Another provider's producer and session, counting how often the probe asks them. */
    public static final class CountingSession {
        int asked;

        public boolean getTransacted() {
            asked++;
            return true;
        }
    }

    public static final class CountingProducer {
        final CountingSession session = new CountingSession();
        int asked;

        public int getDeliveryMode() {
            asked++;
            return Producers.PERSISTENT;
        }
    }

    @Test
    void anotherProvidersGettersAreNotCalledWhenTheSendThrew() {
        Recorders recorders = new Recorders();
        CountingProducer p = new CountingProducer();
        recorders.send(1_000, p, 0, new IllegalStateException("closed"));
        assertEquals(0, p.asked + p.session.asked, "a getter called after a failed send");
        assertEquals(1, recorders.failed[ProbeHooks.SEND].getIntervalHistogram().getTotalCount());

        recorders.send(1_000, p, 0, null);
        assertEquals(1, p.session.asked);
        assertEquals(1, p.asked);
        assertArrayEquals(new long[] {0, 0, 1}, recorders.delivery(ProbeHooks.SEND_SYNCPOINT));
    }

    /** The test class path's jars in a loader of their own: the real javax.jms, not the stand-ins. */
    private static ClassLoader realClients() throws Exception {
        List<URL> jars = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.endsWith(".jar")) {
                jars.add(new File(e).toURI().toURL());
            }
        }
        return new URLClassLoader(jars.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /** An instance made without its constructor (which would connect), with the given fields set. */
    private static Object bare(ClassLoader loader, String name, Object... fieldsAndValues) throws Exception {
        Class<?> c = Class.forName(name, true, loader);
        Field unsafeField = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        unsafeField.setAccessible(true);
        Object unsafe = unsafeField.get(null);
        Object o = unsafe.getClass().getMethod("allocateInstance", Class.class).invoke(unsafe, c);
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            Field f = null;
            for (Class<?> k = c; f == null && k != null; k = k.getSuperclass()) {
                try {
                    f = k.getDeclaredField((String) fieldsAndValues[i]);
                } catch (NoSuchFieldException e) {
                    // up
                }
            }
            f.setAccessible(true);
            f.set(o, fieldsAndValues[i + 1]);
        }
        return o;
    }

    @Test
    void artemisProducersAreReadFromTheirFieldsNotTheirGetters() throws Exception {
        ClassLoader loader = realClients();
        String pkg = "org.apache.activemq.artemis.jms.client.";
        Object session = bare(loader, pkg + "ActiveMQSession", "transacted", true);
        // No ClientProducer: its getDeliveryMode() (checkClosed) would throw.
        Object producer = bare(loader, pkg + "ActiveMQMessageProducer", "session", session, "defaultDeliveryMode", 2);
        assertTrue(Producers.transacted(producer, false), "even after a send that threw: a field, no getter");
        assertEquals(Producers.PERSISTENT, Producers.deliveryMode(producer, 0));
        assertEquals(Producers.NON_PERSISTENT, Producers.deliveryMode(producer, 1), "the call's own mode first");

        Object plainSession = bare(loader, pkg + "ActiveMQSession", "transacted", false);
        Object inner = bare(loader, pkg + "ActiveMQMessageProducer", "session", plainSession, "defaultDeliveryMode", 1);
        assertFalse(Producers.transacted(inner, true));
        // A JMSProducer: its context's session mode (0: SESSION_TRANSACTED), its MessageProducer's mode.
        Object txContext = bare(loader, pkg + "ActiveMQJMSContext", "sessionMode", 0);
        Object jmsProducer = bare(loader, pkg + "ActiveMQJMSProducer", "context", txContext, "producer", inner);
        assertTrue(Producers.transacted(jmsProducer, true));
        assertEquals(Producers.NON_PERSISTENT, Producers.deliveryMode(jmsProducer, 0));
        Object autoAck = bare(loader, pkg + "ActiveMQJMSContext", "sessionMode", 1);
        assertFalse(Producers.transacted(bare(loader, pkg + "ActiveMQJMSProducer", "context", autoAck, "producer", inner),
                true));
    }

    @Test
    void ibmMqProducersSayTransactedFromTheirFieldsAndTheirDeliveryModeIsUnknown() throws Exception {
        ClassLoader loader = realClients();
        Object session = bare(loader, "com.ibm.msg.client.jms.internal.JmsSessionImpl", "transacted", true);
        Object common = bare(loader, "com.ibm.msg.client.jms.internal.JmsMessageProducerImpl", "session", session);
        Object producer = bare(loader, "com.ibm.mq.jms.MQMessageProducer", "commonProducer", common);
        assertTrue(Producers.transacted(producer, false));
        // Held only in a synchronized property map: not read on the application's thread.
        assertEquals(Producers.UNKNOWN, Producers.deliveryMode(producer, 0));
        assertEquals(Producers.PERSISTENT, Producers.deliveryMode(producer, 2));
        Object plain = bare(loader, "com.ibm.msg.client.jms.internal.JmsSessionImpl", "transacted", false);
        assertFalse(Producers.transacted(bare(loader, "com.ibm.mq.jms.MQMessageProducer", "commonProducer",
                bare(loader, "com.ibm.msg.client.jms.internal.JmsMessageProducerImpl", "session", plain)), true));
    }
}
