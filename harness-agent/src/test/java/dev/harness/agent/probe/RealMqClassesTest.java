package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.harness.agent.boot.ProbeHooks;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

/**
 * The probe's matchers and advice on IBM's real MQ classes for Java (com.ibm.mq.allclient, a test
 * dependency), where {@link ProbeAdviceTest} uses stand-ins. The real classes are read from their
 * jar, not from the test class path (where the stand-ins come first), and loaded instrumented in
 * a class loader of their own with the rest of the client. No queue manager runs here: the real
 * MQQueueManager constructor, which connects, is driven against a closed port of 127.0.0.1.
 */
class RealMqClassesTest {
    private static final List<String> INSTRUMENTED = List.of("com.ibm.mq.MQDestination", "com.ibm.mq.MQQueue",
            "com.ibm.mq.MQQueueManager");

    private final Recorders recorders = new Recorders();

    @AfterEach
    void noSink() {
        ProbeHooks.sink = null;
        Thread.currentThread().setContextClassLoader(RealMqClassesTest.class.getClassLoader());
    }

    /** The test class path's jars (the client and what it needs), without this build's own classes. */
    private static List<File> jars() {
        List<File> jars = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.endsWith(".jar")) {
                jars.add(new File(e));
            }
        }
        assertTrue(jars.stream().anyMatch(f -> f.getName().startsWith("com.ibm.mq.allclient-")), jars::toString);
        return jars;
    }

    private static TypePool realPool(List<File> jars) throws Exception {
        List<ClassFileLocator> locators = new ArrayList<>();
        for (File jar : jars) {
            locators.add(ClassFileLocator.ForJarFile.of(jar));
        }
        locators.add(ClassFileLocator.ForClassLoader.ofPlatformLoader());
        locators.add(ClassFileLocator.ForClassLoader.ofBootLoader());
        return TypePool.Default.of(new ClassFileLocator.Compound(locators));
    }

    @Test
    void theGroupsMatchTheRealClassesPutGetPut1CommitAndBackout() throws Exception {
        TypePool pool = realPool(jars());
        Map<String, List<String>> matched = new TreeMap<>();
        for (String name : INSTRUMENTED) {
            TypeDescription type = pool.describe(name).resolve();
            for (Instrumenter.Group g : Instrumenter.groups()) {
                if (!g.types().matches(type)) {
                    continue;
                }
                for (MethodDescription.InDefinedShape m : type.getDeclaredMethods()) {
                    if (g.methods().matches(m)) {
                        matched.computeIfAbsent(g.what() + " on " + type.getSimpleName(), k -> new ArrayList<>())
                                .add(m.getName() + m.getParameters().asTypeList().asErasures().stream()
                                        .map(TypeDescription::getSimpleName).toList());
                    }
                }
            }
        }
        assertEquals(sorted(List.of("put[MQMessage]", "put[MQMessage, MQPutMessageOptions]")),
                sorted(matched.get("MQ put on MQDestination")), matched::toString);
        assertEquals(sorted(List.of("get[MQMessage, MQGetMessageOptions, int]", "get[MQMessage, MQGetMessageOptions]",
                "get[MQMessage]")), sorted(matched.get("MQ get on MQDestination")), matched::toString);
        assertEquals(10, matched.get("MQ put1 on MQQueueManager").size(), "every put1 overload (Java names them put): "
                + matched);
        assertEquals(List.of("commit[]"), matched.get("MQ commit on MQQueueManager"), matched::toString);
        assertEquals(List.of("backout[]"), matched.get("MQ backout on MQQueueManager"), matched::toString);
        assertEquals(5, matched.size(), "nothing else, and nothing on MQQueue, which inherits its put and get: " + matched);
    }

    private static List<String> sorted(List<String> l) {
        return l == null ? null : l.stream().sorted().toList();
    }

    /**
     * The real client with MQDestination, MQQueue and MQQueueManager instrumented, all in one loader
     * (their package-private access to each other holds); the hooks come from the agent's classes.
     */
    private static ClassLoader instrumentedClient() throws Exception {
        List<File> jars = jars();
        TypePool pool = realPool(jars);
        ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.ForJarFile.of(jars.stream()
                .filter(f -> f.getName().startsWith("com.ibm.mq.allclient-")).findFirst().orElseThrow()));
        Instrumenter.AllGroups all = new Instrumenter.AllGroups(Instrumenter.groups());
        Map<String, byte[]> bytes = new HashMap<>();
        for (String name : INSTRUMENTED) {
            TypeDescription type = pool.describe(name).resolve();
            bytes.put(name, all.apply(new ByteBuddy().redefine(type, locator), type).make().getBytes());
        }
        ClassLoader hooks = new ClassLoader(ClassLoader.getPlatformClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                return name.startsWith("dev.harness.agent.boot.") ? RealMqClassesTest.class.getClassLoader().loadClass(name)
                        : super.loadClass(name, resolve);
            }
        };
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = jars.get(i).toURI().toURL();
        }
        return new URLClassLoader(urls, hooks) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] b = bytes.get(name);
                return b == null ? super.findClass(name) : defineClass(name, b, 0, b.length);
            }
        };
    }

    @Test
    void theRealClientsFailuresAreNamedByTheirReasonAndItsInstrumentedCallsAreTimed() throws Throwable {
        ClassLoader client = instrumentedClient();
        Class<?> qmgrClass = Class.forName("com.ibm.mq.MQQueueManager", true, client);
        ProbeHooks.sink = recorders;

        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("hostname", "127.0.0.1");
        properties.put("port", closed);
        properties.put("channel", "DEV.APP.SVRCONN");
        properties.put("transport", "MQSeries Client");
        Constructor<?> connect = qmgrClass.getConstructor(String.class, Hashtable.class);
        // The client loads parts of itself through the context class loader: its own here, not the
        // test class path's copy.
        Thread.currentThread().setContextClassLoader(client);
        Throwable refused = assertThrows(InvocationTargetException.class, () -> connect.newInstance("QM1", properties))
                .getCause();
        assertEquals("com.ibm.mq.MQException", refused.getClass().getName(), refused::toString);
        assertEquals(2538, refused.getClass().getField("reasonCode").getInt(refused));
        // Counted as the probe counts a failed call: the kind's name from the real client's reason.
        ErrorKinds connectKinds = new ErrorKinds();
        connectKinds.count(Ops.code("mq-put"), refused);
        assertEquals(Map.of("mq-put MQRC_HOST_NOT_AVAILABLE (2538)", 1L), connectKinds.snapshot(),
                "the reason's name from the real client");

        // Instrumented real calls: a queue manager and a queue whose constructors never ran (none can
        // connect here) fail inside IBM's code; each call is timed once and counted apart with its reason.
        Object qmgr = unconstructed(qmgrClass);
        Object queue = unconstructed(Class.forName("com.ibm.mq.MQQueue", true, client));
        Class<?> messageClass = Class.forName("com.ibm.mq.MQMessage", true, client);
        Object message = messageClass.getConstructor().newInstance();
        failing(qmgr, qmgrClass.getMethod("commit"));
        failing(qmgr, qmgrClass.getMethod("backout"));
        failing(qmgr, qmgrClass.getMethod("put", String.class, messageClass), "Q", message);
        failing(queue, queue.getClass().getMethod("put", messageClass), message);
        failing(queue, queue.getClass().getMethod("get", messageClass), message);
        System.out.println("error kinds of the real client's calls: " + recorders.errorKinds());
        for (int op : new int[] {ProbeHooks.MQ_COMMIT, ProbeHooks.MQ_BACKOUT, ProbeHooks.MQ_PUT, ProbeHooks.MQ_GET}) {
            long failed = op == ProbeHooks.MQ_PUT ? 2 : 1;
            assertEquals(failed, recorders.calls[op].getIntervalHistogram().getTotalCount(), "every call is the operation's: "
                    + Ops.TAGS.get(op));
            assertEquals(failed, recorders.failed[op].getIntervalHistogram().getTotalCount(),
                    Ops.TAGS.get(op) + ": " + recorders.errorKinds());
        }
        Map<String, Long> kinds = recorders.errorKinds();
        assertEquals(1L, kinds.get("mq-commit MQRC_HCONN_ERROR (2018)"), kinds::toString);
        assertEquals(1L, kinds.get("mq-backout MQRC_HCONN_ERROR (2018)"), kinds::toString);
    }

    /** Calls it; it must throw (what, depends on how far into IBM's code an unconstructed object gets). */
    private static void failing(Object target, java.lang.reflect.Method method, Object... args) {
        assertThrows(InvocationTargetException.class, () -> method.invoke(target, args), method::toString);
    }

    private static Object unconstructed(Class<?> c) throws Exception {
        Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Object unsafe = f.get(null);
        return unsafe.getClass().getMethod("allocateInstance", Class.class).invoke(unsafe, c);
    }
}
