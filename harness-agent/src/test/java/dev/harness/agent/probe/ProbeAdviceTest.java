package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Recorder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.harness.agent.boot.ProbeHooks;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.loading.ByteArrayClassLoader;
import net.bytebuddy.pool.TypePool;

/**
 * The probe's matchers and advice on the MQ classes for Java. No queue manager runs here, so the
 * classes are stand-ins with IBM's names and shapes (test sources, package com.ibm.mq), put through
 * the same groups the agent installs and loaded in a class loader of their own.
 */
class ProbeAdviceTest {
    private static final List<String> MQ = List.of("com.ibm.mq.MQDestination", "com.ibm.mq.MQQueue",
            "com.ibm.mq.MQQueueManager", "com.ibm.mq.MQMessage", "com.ibm.mq.MQPutMessageOptions",
            "com.ibm.mq.MQException", "com.ibm.mq.constants.MQConstants");

    private final Recorders recorders = new Recorders();

    @AfterEach
    void noSink() {
        ProbeHooks.sink = null;
    }

    /** The classes, each through the agent's groups; returns the loader and what was instrumented. */
    private static Map.Entry<ClassLoader, List<String>> instrumented(List<String> names) throws Exception {
        return instrumented(names, ProbeAdviceTest.class.getClassLoader());
    }

    private static Map.Entry<ClassLoader, List<String>> instrumented(List<String> names, ClassLoader parent)
            throws Exception {
        ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(ProbeAdviceTest.class.getClassLoader());
        TypePool pool = TypePool.Default.of(locator);
        Instrumenter.AllGroups all = new Instrumenter.AllGroups(Instrumenter.groups());
        Map<String, byte[]> bytes = new HashMap<>();
        List<String> changed = new java.util.ArrayList<>();
        for (String name : names) {
            TypeDescription type = pool.describe(name).resolve();
            if (Instrumenter.anyOf(Instrumenter.groups()).matches(type)) {
                bytes.put(name, all.apply(new ByteBuddy().redefine(type, locator), type).make().getBytes());
                changed.add(name);
            } else {
                bytes.put(name, locator.locate(name).resolve());
            }
        }
        ClassLoader loader = new ByteArrayClassLoader.ChildFirst(parent, bytes,
                ByteArrayClassLoader.PersistenceHandler.MANIFEST);
        return Map.entry(loader, changed);
    }

    private static Object make(ClassLoader loader, String name, Object... args) throws Exception {
        Class<?> c = Class.forName(name, true, loader);
        for (var k : c.getConstructors()) {
            if (k.getParameterCount() == args.length) {
                return k.newInstance(args);
            }
        }
        throw new AssertionError(name);
    }

    private static Object call(Object target, String method, Object... args) throws Throwable {
        for (var m : target.getClass().getMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length && fits(m.getParameterTypes(), args)) {
                try {
                    return m.invoke(target, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        }
        throw new AssertionError(method);
    }

    private static boolean fits(Class<?>[] types, Object[] args) {
        for (int i = 0; i < types.length; i++) {
            Class<?> t = java.lang.invoke.MethodType.methodType(types[i]).wrap().returnType();
            if (args[i] != null && !t.isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    private static long count(Recorder r) {
        return r.getIntervalHistogram().getTotalCount();
    }

    @Test
    void mqCallsAreTimedPerTagOnceEachWithSyncpointAndFailuresApart() throws Throwable {
        var loaded = instrumented(MQ);
        assertEquals(List.of("com.ibm.mq.MQDestination", "com.ibm.mq.MQQueue", "com.ibm.mq.MQQueueManager"),
                loaded.getValue(), "MQQueue matches (it declares nothing to advise here); messages, options and errors do not");
        ClassLoader loader = loaded.getKey();
        ProbeHooks.sink = recorders;

        Object queue = make(loader, "com.ibm.mq.MQQueue");
        Object message = make(loader, "com.ibm.mq.MQMessage"); // persistence as the queue's default
        Object persistent = make(loader, "com.ibm.mq.MQMessage");
        persistent.getClass().getField("persistence").setInt(persistent, 1);
        Object syncpoint = make(loader, "com.ibm.mq.MQPutMessageOptions", 0x2);
        Object plain = make(loader, "com.ibm.mq.MQPutMessageOptions", 0x4);
        for (int i = 0; i < 3; i++) {
            call(queue, "put", message); // delegates to put(message, options): counted once
        }
        call(queue, "put", persistent, plain);
        call(queue, "put", message, syncpoint);
        call(queue, "put", message, syncpoint);
        call(queue, "get", message);
        call(queue, "get", message, null, 100);

        Object qmgr = make(loader, "com.ibm.mq.MQQueueManager");
        call(qmgr, "put", "Q", message); // put1, delegating to put(int, ...): once
        call(qmgr, "put", "Q", persistent, syncpoint);
        call(qmgr, "put", 1, "Q", null, null, persistent, syncpoint); // the message at index 4
        call(qmgr, "commit");
        call(qmgr, "commit");
        call(qmgr, "backout");

        queue.getClass().getField("failWith").setInt(queue, 2538);
        Throwable thrown = assertThrows(Exception.class, () -> call(queue, "put", message));
        assertEquals("com.ibm.mq.MQException", thrown.getClass().getName(), "the application's own error, untouched");
        assertThrows(Exception.class, () -> call(queue, "get", message));

        assertEquals(6, count(recorders.calls[ProbeHooks.MQ_PUT]), "4 puts outside syncpoint, one put1, one that failed");
        assertEquals(4, count(recorders.calls[ProbeHooks.MQ_PUT_SYNCPOINT]));
        assertEquals(3, count(recorders.calls[ProbeHooks.MQ_GET]), "get with options delegates: once; one failed");
        assertEquals(2, count(recorders.calls[ProbeHooks.MQ_COMMIT]));
        assertEquals(1, count(recorders.calls[ProbeHooks.MQ_BACKOUT]));
        assertEquals(1, count(recorders.failed[ProbeHooks.MQ_PUT]), "a failed put is counted apart as well");
        assertEquals(1, count(recorders.failed[ProbeHooks.MQ_GET]));
        assertEquals(Map.of("mq-put MQRC_HOST_NOT_AVAILABLE (2538)", 1L, "mq-get MQRC_HOST_NOT_AVAILABLE (2538)", 1L),
                recorders.errorKinds());
        // {unknown, non-persistent, persistent}: MQPER_PERSISTENCE_AS_Q_DEF is unknown here.
        assertArrayEquals(new long[] {4, 0, 1}, recorders.delivery(ProbeHooks.MQ_PUT), "the put of a persistent message");
        assertArrayEquals(new long[] {2, 0, 2}, recorders.delivery(ProbeHooks.MQ_PUT_SYNCPOINT),
                "put1 of one, and the put whose message is its fifth argument");
        for (int op : new int[] {ProbeHooks.SEND, ProbeHooks.COMMIT, ProbeHooks.RECEIVE}) {
            assertEquals(0, count(recorders.calls[op]), Ops.TAGS.get(op));
        }
    }

    private static final String P = "dev.harness.agent.probe.standin.Provider$";
    private static final List<String> JMS = List.of("javax.jms.Message", "javax.jms.MessageProducer", "javax.jms.Session",
            "javax.jms.MessageConsumer", "javax.jms.MessageListener", "javax.jms.JMSProducer", "javax.jms.JMSContext",
            P + "TheMessage", P + "TheSession", P + "TheProducer", P + "TheContext", P + "TheJmsProducer", P + "TheConsumer",
            P + "Listener");

    @Test
    void jmsCallsAreTimedPerTagOnceAtTheOuterCallWithSyncpointFromTheProducersSession() throws Throwable {
        var loaded = instrumented(JMS);
        assertEquals(List.of(P + "TheSession", P + "TheProducer", P + "TheContext", P + "TheJmsProducer", P + "TheConsumer",
                P + "Listener"), loaded.getValue(), "implementations only, never the interfaces or the message");
        ClassLoader loader = loaded.getKey();
        ProbeHooks.sink = recorders;

        Object m = make(loader, P + "TheMessage");
        Object tx = make(loader, P + "TheSession", true);
        Object plain = make(loader, P + "TheSession", false);
        Object txProducer = make(loader, P + "TheProducer", tx);
        Object producer = make(loader, P + "TheProducer", plain);
        for (int i = 0; i < 3; i++) {
            call(txProducer, "send", m); // delegates to the four-argument overload: once
        }
        producer.getClass().getMethod("setDeliveryMode", int.class).invoke(producer, 1);
        call(producer, "send", m); // the producer says: non-persistent
        call(producer, "send", m);
        call(producer, "send", m, 2, 4, 0L); // the call says: persistent
        assertThrows(IllegalArgumentException.class, () -> call(producer, "send", (Object) null));
        call(tx, "commit");
        call(tx, "rollback");

        Object context = make(loader, P + "TheContext", false);
        Object jmsProducer = make(loader, P + "TheJmsProducer", context);
        call(jmsProducer, "send", m); // on a MessageProducer underneath: once, as a send
        call(jmsProducer, "send", m);
        Object txContext = make(loader, P + "TheContext", true);
        call(make(loader, P + "TheJmsProducer", txContext), "send", m);
        call(txContext, "commit"); // commits its session underneath: once

        Object consumer = make(loader, P + "TheConsumer", plain);
        for (int i = 0; i < 3; i++) {
            assertTrue(call(consumer, "receive", 1L) != null);
        }
        assertEquals(null, call(consumer, "receiveNoWait"), "the queue is empty");
        Object listener = make(loader, P + "Listener");
        call(listener, "onMessage", m);
        call(listener, "onMessage", m);

        assertEquals(6, count(recorders.calls[ProbeHooks.SEND]), "4 MessageProducer sends (one failed) and 2 JMSProducer sends");
        assertEquals(4, count(recorders.calls[ProbeHooks.SEND_SYNCPOINT]), "3 on a transacted session, 1 in a transacted context");
        assertEquals(2, count(recorders.calls[ProbeHooks.COMMIT]));
        assertEquals(1, count(recorders.calls[ProbeHooks.ROLLBACK]));
        assertEquals(3, count(recorders.calls[ProbeHooks.RECEIVE]));
        assertEquals(1, count(recorders.empty), "the receive that got no message, counted apart");
        assertEquals(2, count(recorders.calls[ProbeHooks.ON_MESSAGE]));
        assertEquals(1, count(recorders.failed[ProbeHooks.SEND]));
        assertEquals(Map.of("send IllegalArgumentException", 1L), recorders.errorKinds());
        // {unknown, non-persistent, persistent}; the JMSProducer's own mode, not its MessageProducer's.
        assertArrayEquals(new long[] {0, 4, 1}, recorders.delivery(ProbeHooks.SEND));
        assertArrayEquals(new long[] {0, 1, 3}, recorders.delivery(ProbeHooks.SEND_SYNCPOINT));
    }

    @Test
    void withoutASinkTheAdviceRecordsNothingAndTheCallsBehaveAsBefore() throws Throwable {
        ClassLoader loader = instrumented(MQ).getKey();
        Object queue = make(loader, "com.ibm.mq.MQQueue");
        Object message = make(loader, "com.ibm.mq.MQMessage");
        call(queue, "put", message);
        queue.getClass().getField("failWith").setInt(queue, 2009);
        Throwable thrown = assertThrows(Exception.class, () -> call(queue, "get", message));
        assertEquals(2009, thrown.getClass().getField("reasonCode").getInt(thrown));

        // A sink installed later sees the calls from then on, and the per-thread depth is intact.
        ProbeHooks.sink = recorders;
        queue.getClass().getField("failWith").setInt(queue, 0);
        call(queue, "put", message);
        assertEquals(1, count(recorders.calls[ProbeHooks.MQ_PUT]));
        assertTrue(recorders.errorKinds().isEmpty());
    }

    /**
     * Under a loader that does not delegate dev.harness.* to the bootstrap loader (OSGi, JBoss
     * Modules) the inlined advice cannot resolve the hooks: the calls still return, and throw,
     * exactly as without the probe.
     */
    @Test
    void whereTheHooksCannotBeSeenTheCallsBehaveAsBefore() throws Throwable {
        ClassLoader test = ProbeAdviceTest.class.getClassLoader();
        ClassLoader hiding = new ClassLoader(null) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.startsWith("dev.harness.agent.boot.")) {
                    throw new ClassNotFoundException(name);
                }
                return test.loadClass(name);
            }
        };
        ClassLoader loader = instrumented(JMS, hiding).getKey();
        ProbeHooks.sink = recorders;
        Object m = make(loader, P + "TheMessage");
        Object session = make(loader, P + "TheSession", true);
        Object producer = make(loader, P + "TheProducer", session);
        call(producer, "send", m);
        call(producer, "send", m, 1, 4, 0L);
        assertEquals(2, ((java.util.ArrayDeque<?>) session.getClass().getField("queue").get(session)).size());
        assertThrows(IllegalArgumentException.class, () -> call(producer, "send", (Object) null),
                "the application's own error, not a NoClassDefFoundError");
        call(session, "commit");
        Object consumer = make(loader, P + "TheConsumer", session);
        assertTrue(call(consumer, "receive", 1L) != null);
        assertEquals(0, count(recorders.calls[ProbeHooks.SEND]) + count(recorders.calls[ProbeHooks.SEND_SYNCPOINT]),
                "nothing recorded: the hooks were out of reach");
    }
}
