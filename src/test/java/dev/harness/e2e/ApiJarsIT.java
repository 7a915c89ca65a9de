package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.ibm.msg.client.jakarta.wmq.WMQConstants;

import dev.harness.e2e.jakartaonly.JakartaOnlyContextFactory;

/**
 * harness.jar (javax.jms clients) and harness-jakarta.jar (the same classes relocated to
 * jakarta.jms, with the Jakarta clients): each holds one namespace, one run loads one client, and
 * every way in (--api, a jakarta JNDI factory, ab, bench, restart-study) reaches the right jar.
 * Which jar a class came from is read from the JVM's own class-loading log.
 */
class ApiJarsIT {
    private static final Pattern LOADED = Pattern.compile("\\[class,load\\] (\\S+) source: (\\S+)");
    private static final String ARTEMIS_FACTORY = "org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory";

    @TempDir
    static Path dir;

    private static BrokerProcess broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = BrokerProcess.start(dir, dir.resolve("data"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void eachJarHoldsAndReferencesOneNamespaceOnly() throws IOException {
        Path javax = HarnessProcess.jar();
        Path jakarta = javax.resolveSibling("harness-jakarta.jar");
        assertOneNamespace(javax, "javax/jms/", List.of("jakarta/jms/", "com/ibm/mq/jakarta/", "com/ibm/msg/client/jakarta/"));
        assertOneNamespace(jakarta, "jakarta/jms/", List.of("javax/jms/", "com/ibm/mq/jms/", "com/ibm/msg/client/jms/",
                "com/ibm/msg/client/wmq/"));
    }

    /** IBM MQ's two clients and Artemis's two (same class names) never meet: one namespace per run. */
    @ParameterizedTest(name = "api={0}")
    @CsvSource({"javax, harness.jar, com.ibm.msg.client.jms.JmsFactoryFactory, com.ibm.msg.client.jakarta.",
        "jakarta, harness-jakarta.jar, com.ibm.msg.client.jakarta.jms.JmsFactoryFactory, com.ibm.msg.client.jms."})
    void aRunLoadsTheClientsOfItsNamespaceOnly(String api, String jar, String ibmFactory, String otherIbm) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path log = dir.resolve("classes-ibmmq-" + api + ".log");
        HarnessProcess.Result r = run(log, Map.of(), "run", "--api", api, "--provider", "ibmmq", "--mq-host", "127.0.0.1",
                "--mq-port", Integer.toString(port), "--duration", "1s");
        assertEquals(3, r.exitCode(), r::toString);
        r.assertOneLine("MQRC_HOST_NOT_AVAILABLE (2538)");
        Map<String, List<String>> loaded = loaded(log);
        assertEquals(List.of(jar), loaded.get(ibmFactory), "the client of " + api + ", from its jar");
        List<String> others = loaded.entrySet().stream().filter(e -> e.getKey().startsWith(otherIbm)).map(Map.Entry::toString).toList();
        assertEquals(List.of(), others, "none of the other IBM client");
        List<String> elsewhere = loaded.entrySet().stream().filter(e -> e.getKey().startsWith("com.ibm."))
                .filter(e -> !e.getValue().equals(List.of(jar))).map(Map.Entry::toString).toList();
        assertEquals(List.of(), elsewhere, "every IBM class from the one jar, once");

        log = dir.resolve("classes-artemis-" + api + ".log");
        Path json = dir.resolve("artemis-" + api + ".json");
        r = run(log, Map.of(), "run", "--cold-start", "--api", api, "--url", broker.url(), "--rate", "50", "--warmup", "0s", "--duration",
                "1s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of(jar), loaded(log).get(ARTEMIS_FACTORY), "Artemis's client of " + api + " only");
        HarnessProcess.assertDrivenBy(HarnessProcess.json(json), api,
                api.equals("jakarta") ? "artemis-jakarta-client " : "artemis-jms-client ");
    }

    /**
     * IBM MQ's options reach the Jakarta client's factory and queues, read back from them as
     * IbmMqProviderTest reads the javax client's: the ibmmq kind of harness-jakarta.jar, in a class
     * loader of that jar alone, opened (it does not connect) and asked through the client's own
     * JmsPropertyContext. No queue manager runs here.
     */
    @Test
    void ibmMqOptionsReachTheJakartaClientsFactory() throws Exception {
        try (JarMq mq = new JarMq()) {
            Object provider = mq.open(Map.of("--mq-qmgr", "QM1", "--mq-conn-name", "h1(1414),h2(1415)", "--mq-channel",
                    "MY.SVRCONN", "--mq-app-name", "bench-app", "--mq-reconnect", "qmgr", "--mq-cipher",
                    "TLS_AES_128_GCM_SHA256"), "app", "secret");
            Object factory = mq.factory(provider);
            assertEquals("com.ibm.mq.jakarta.jms.MQConnectionFactory", factory.getClass().getName());
            assertEquals(WMQConstants.WMQ_CM_CLIENT, mq.number(factory, WMQConstants.WMQ_CONNECTION_MODE));
            assertEquals("QM1", mq.text(factory, WMQConstants.WMQ_QUEUE_MANAGER));
            assertEquals("MY.SVRCONN", mq.text(factory, WMQConstants.WMQ_CHANNEL));
            assertEquals("h1(1414),h2(1415)", mq.text(factory, WMQConstants.WMQ_CONNECTION_NAME_LIST));
            assertEquals("bench-app", mq.text(factory, WMQConstants.WMQ_APPLICATIONNAME));
            assertEquals(true, mq.flag(factory, WMQConstants.USER_AUTHENTICATION_MQCSP));
            assertEquals("app", mq.text(factory, WMQConstants.USERID));
            assertEquals("secret", mq.text(factory, WMQConstants.PASSWORD));
            assertEquals("TLS_AES_128_GCM_SHA256", mq.text(factory, WMQConstants.WMQ_SSL_CIPHER_SUITE));
            assertEquals(WMQConstants.WMQ_CLIENT_RECONNECT_Q_MGR, mq.number(factory, WMQConstants.WMQ_CLIENT_RECONNECT_OPTIONS));
            String client = String.valueOf(provider.getClass().getMethod("client").invoke(provider));
            assertTrue(client.matches("com\\.ibm\\.mq\\.jakarta\\.client \\d+(\\.\\d+)+"), client);
        }
    }

    @Test
    void ibmMqDefaultsAndCcdtOnTheJakartaClient() throws Exception {
        try (JarMq mq = new JarMq()) {
            Object factory = mq.factory(mq.open(Map.of(), null, null));
            String user = (String) mq.text(factory, WMQConstants.USERID);
            assertTrue(user == null || user.isEmpty(), "no user: " + user);
            assertEquals("localhost(1414)", mq.text(factory, WMQConstants.WMQ_CONNECTION_NAME_LIST));
            assertEquals("DEV.APP.SVRCONN", mq.text(factory, WMQConstants.WMQ_CHANNEL));
            assertEquals(WMQConstants.WMQ_CLIENT_RECONNECT_DISABLED, mq.number(factory, WMQConstants.WMQ_CLIENT_RECONNECT_OPTIONS),
                    "disabled explicitly, not left to an mqclient.ini");

            Path ccdt = Files.writeString(dir.resolve("ccdt-read-back.json"), "{}");
            factory = mq.factory(mq.open(Map.of("--mq-ccdt", ccdt.toUri().toString(), "--mq-reconnect", "any"), null, null));
            assertEquals(ccdt.toUri().toString(), mq.text(factory, WMQConstants.WMQ_CCDTURL));
            assertEquals(WMQConstants.WMQ_CLIENT_RECONNECT, mq.number(factory, WMQConstants.WMQ_CLIENT_RECONNECT_OPTIONS));
        }
    }

    @Test
    void ibmMqQueueSettingsOnTheJakartaClient() throws Exception {
        try (JarMq mq = new JarMq()) {
            Object off = mq.configure(mq.open(Map.of(), null, null), mq.queue("DEV.QUEUE.1"));
            assertEquals(WMQConstants.WMQ_PUT_ASYNC_ALLOWED_DISABLED, mq.number(off, WMQConstants.WMQ_PUT_ASYNC_ALLOWED));
            assertEquals(WMQConstants.WMQ_READ_AHEAD_ALLOWED_DISABLED, mq.number(off, WMQConstants.WMQ_READ_AHEAD_ALLOWED));
            assertEquals(WMQConstants.WMQ_TARGET_DEST_JMS, mq.number(off, WMQConstants.WMQ_TARGET_CLIENT));
            assertEquals(WMQConstants.WMQ_PER_APP, mq.number(off, WMQConstants.WMQ_PERSISTENCE),
                    "JMS delivery mode decides, not the queue's DEFPSIST");

            Object provider = mq.open(Map.of("--mq-async-put", true, "--mq-read-ahead", true, "--mq-target-client", "mq"), null, null);
            Object on = mq.configure(provider, mq.queue("DEV.QUEUE.1"));
            assertEquals(WMQConstants.WMQ_PUT_ASYNC_ALLOWED_ENABLED, mq.number(on, WMQConstants.WMQ_PUT_ASYNC_ALLOWED));
            assertEquals(WMQConstants.WMQ_READ_AHEAD_ALLOWED_ENABLED, mq.number(on, WMQConstants.WMQ_READ_AHEAD_ALLOWED));
            assertEquals(WMQConstants.WMQ_TARGET_DEST_MQ, mq.number(on, WMQConstants.WMQ_TARGET_CLIENT));

            // A JMSReplyTo as the client builds it from a request's MQMD: the same settings as our own queues.
            Object replyTo = mq.queue("DEV.REPLY.1");
            Object reply = provider.getClass().getMethod("replyDestination", mq.loader.loadClass("jakarta.jms.Destination"))
                    .invoke(provider, replyTo);
            assertEquals(WMQConstants.WMQ_PUT_ASYNC_ALLOWED_ENABLED, mq.number(reply, WMQConstants.WMQ_PUT_ASYNC_ALLOWED));
            assertEquals(WMQConstants.WMQ_TARGET_DEST_MQ, mq.number(reply, WMQConstants.WMQ_TARGET_CLIENT));
        }
    }

    /**
     * The MQRC diagnosis is the same on both clients: each reason, in a JMSException of the jar's
     * own API, gets the same line, the same reconnect verdict and the same login verdict from
     * harness.jar's and harness-jakarta.jar's ibmmq providers (each jar in a class loader of its own).
     */
    @Test
    void mqReasonsAreDiagnosedAlikeByBothClients() throws Exception {
        int[] reasons = {2538, 2059, 2035, 2085, 2009, 2278, 2024, 2053, 2161, 2048};
        List<List<Object>> javaxAnswers = new ArrayList<>();
        try (JarMq javax = new JarMq("harness.jar", "javax")) {
            Object provider = javax.open(Map.of(), null, null);
            for (int reason : reasons) {
                javaxAnswers.add(javax.diagnose(provider, reason));
            }
        }
        try (JarMq jakarta = new JarMq()) {
            Object provider = jakarta.open(Map.of(), null, null);
            for (int i = 0; i < reasons.length; i++) {
                List<Object> answer = jakarta.diagnose(provider, reasons[i]);
                assertEquals(javaxAnswers.get(i), answer, "reason " + reasons[i]);
                assertTrue(String.valueOf(answer.get(0)).contains("(" + reasons[i] + ")"), answer::toString);
            }
        }
        assertTrue(String.valueOf(javaxAnswers.get(0).get(0)).contains("MQRC_HOST_NOT_AVAILABLE (2538)"), javaxAnswers::toString);
        assertEquals(true, javaxAnswers.get(0).get(1), "2538: reconnecting may cure it");
        assertEquals(false, javaxAnswers.get(7).get(1), "2053: a full queue is no lost connection");
    }

    /** A harness jar's ibmmq kind in a class loader of that jar alone (and the context loader), asked by reflection. */
    private static final class JarMq implements AutoCloseable {
        /** jakarta or javax: the package of the API in the jar. */
        private final String api;
        final URLClassLoader loader;
        private final ClassLoader before = Thread.currentThread().getContextClassLoader();
        private final Method text;
        private final Method number;
        private final Method flag;

        JarMq() throws Exception {
            this("harness-jakarta.jar", "jakarta");
        }

        JarMq(String jarName, String api) throws Exception {
            this.api = api;
            Path jar = HarnessProcess.jar().resolveSibling(jarName);
            loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Thread.currentThread().setContextClassLoader(loader);
            Class<?> properties = loader.loadClass(api.equals("jakarta") ? "com.ibm.msg.client.jakarta.jms.JmsPropertyContext"
                    : "com.ibm.msg.client.jms.JmsPropertyContext");
            text = properties.getMethod("getStringProperty", String.class);
            number = properties.getMethod("getIntProperty", String.class);
            flag = properties.getMethod("getBooleanProperty", String.class);
        }

        Object open(Map<String, ?> values, String user, String password) throws Exception {
            Class<?> valuesClass = loader.loadClass("dev.harness.core.jms.ProviderValues");
            Class<?> credentialsClass = loader.loadClass("dev.harness.core.jms.Credentials");
            Object kind = ((java.util.Optional<?>) loader.loadClass("dev.harness.core.jms.ProviderKinds")
                    .getMethod("named", String.class).invoke(null, "ibmmq")).orElseThrow();
            Object credentials = credentialsClass.getConstructor(String.class, String.class).newInstance(user, password);
            return loader.loadClass("dev.harness.core.jms.ProviderKind").getMethod("open", valuesClass, credentialsClass)
                    .invoke(kind, valuesClass.getConstructor(Map.class).newInstance(values), credentials);
        }

        Object factory(Object provider) throws Exception {
            Method factoryOf = provider.getClass().getDeclaredMethod("factory");
            factoryOf.setAccessible(true);
            return factoryOf.invoke(provider);
        }

        Object queue(String name) throws Exception {
            return loader.loadClass("com.ibm.mq.jakarta.jms.MQQueue").getConstructor(String.class).newInstance(name);
        }

        /** The queue as the provider opens it (IbmMqProvider.configure), with its settings applied. */
        Object configure(Object provider, Object queue) throws Exception {
            Method configure = provider.getClass().getDeclaredMethod("configure", loader.loadClass("jakarta.jms.Queue"));
            configure.setAccessible(true);
            return configure.invoke(provider, queue);
        }

        /**
         * What the provider makes of a failure shaped as the MQ client throws it (a JMSException
         * of this jar's API linking an MQException with this reason): its line, whether
         * reconnecting cures it, whether it is a refused login.
         */
        List<Object> diagnose(Object provider, int reason) throws Exception {
            Class<?> jmsException = loader.loadClass(api + ".jms.JMSException");
            Exception e = (Exception) jmsException.getConstructor(String.class, String.class)
                    .newInstance("JMSWMQ2008: Failed to open MQ queue 'DEV.QUEUE.1'.", "JMSWMQ2008");
            Object mq = loader.loadClass("com.ibm.mq.MQException").getConstructor(int.class, int.class, Object.class)
                    .newInstance(2, reason, null);
            jmsException.getMethod("setLinkedException", Exception.class).invoke(e, mq);
            Class<?> providerType = loader.loadClass("dev.harness.core.jms.Provider");
            return List.of(providerType.getMethod("explain", Exception.class).invoke(provider, e),
                    providerType.getMethod("reconnectCures", Exception.class).invoke(provider, e),
                    providerType.getMethod("refusesLogin", Exception.class).invoke(provider, e));
        }

        Object text(Object properties, String name) throws Exception {
            return text.invoke(properties, name);
        }

        Object number(Object properties, String name) throws Exception {
            return number.invoke(properties, name);
        }

        Object flag(Object properties, String name) throws Exception {
            return flag.invoke(properties, name);
        }

        @Override
        public void close() throws IOException {
            Thread.currentThread().setContextClassLoader(before);
            loader.close();
        }
    }

    @Test
    void artemisJakartaJndiContextFactory() throws Exception {
        Path jndi = Files.writeString(dir.resolve("artemis-jndi.properties"), """
                java.naming.factory.initial=org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory
                connectionFactory.HarnessCF=%s
                queue.DEV.QUEUE.1=DEV.QUEUE.1
                """.formatted(broker.url()));
        Path json = dir.resolve("jndi-jakarta.json");
        Path log = dir.resolve("classes-jndi-jakarta.log");
        HarnessProcess.Result r = run(log, Map.of(), "run", "--cold-start", "--api", "jakarta", "--provider", "jndi", "--jndi",
                jndi.toString(), "--cf", "HarnessCF", "--persistent", "--syncpoint", "10", "--rate", "200", "--warmup", "1s",
                "--duration", "1s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("blockOnDurableSend=true"), "the Jakarta factory is read as Artemis's: " + r);
        assertEquals(List.of("harness-jakarta.jar"), loaded(log).get(ARTEMIS_FACTORY));
        JsonNode run = HarnessProcess.json(json);
        assertEquals("jakarta", run.get("settings").get("api").asText());
        JsonNode s = run.get("summary");
        assertEquals(400, s.get("totalSent").asLong());
        assertEquals(400, s.get("totalCompleted").asLong());
        assertEquals(0, s.get("delivery").get("lost").asLong());
    }

    /**
     * A provider whose JNDI holds only a jakarta.jms factory needs no --api: the factory decides,
     * even when HARNESS_CLASSPATH lacks the jakarta.jms API jar (harness.jar, which looks the
     * factory up, then fails to load it for want of jakarta.jms, and reads that as jakarta).
     * Asked for javax, it is one line naming the missing class and --api jakarta.
     */
    @ParameterizedTest(name = "with the API jar: {0}")
    @ValueSource(booleans = {true, false})
    void aJakartaOnlyJndiProviderNeedsNoFlag(boolean withApiJar) throws Exception {
        Path jndi = Files.writeString(dir.resolve("jakarta-only.properties"), """
                java.naming.factory.initial=%s
                java.naming.provider.url=%s
                """.formatted(JakartaOnlyContextFactory.class.getName(), broker.url()));
        String providerJars = codeSource(JakartaOnlyContextFactory.class)
                + (withApiJar ? File.pathSeparator + codeSource(jakarta.jms.ConnectionFactory.class) : "");
        if (!withApiJar) {
            HarnessProcess.Result javax = run(dir.resolve("classes-jakarta-only-javax.log"), Map.of("HARNESS_CLASSPATH", providerJars),
                    "run", "--api", "javax", "--provider", "jndi", "--jndi", jndi.toString(), "--duration", "1s");
            assertEquals(2, javax.exitCode(), javax::toString);
            javax.assertOneLine("--jndi", "jakarta.jms.ConnectionFactory", "give --api jakarta");
        }
        Path json = dir.resolve("jakarta-only-" + withApiJar + ".json");
        HarnessProcess.Result r = run(dir.resolve("classes-jakarta-only.log"), Map.of("HARNESS_CLASSPATH", providerJars),
                "run", "--cold-start", "--provider", "jndi", "--jndi", jndi.toString(), "--workload", "reqresp", "--requesters", "2",
                "--rate", "100", "--warmup", "0s", "--duration", "1s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode run = HarnessProcess.json(json);
        assertEquals("jakarta", run.get("settings").get("api").asText(), run.get("settings")::toString);
        assertTrue(run.get("settings").get("client").asText().startsWith("test-classes"), run.get("settings")::toString);
        assertEquals(100, run.get("summary").get("totalCompleted").asLong());
    }

    /** An IBM MQ client of the user's own on HARNESS_CLASSPATH would share a class loader with one of ours: refused. */
    @Test
    void anIbmClientOnHarnessClasspathIsRefusedInOneLine() throws Exception {
        String client = codeSource(com.ibm.mq.jakarta.jms.MQConnectionFactory.class);
        HarnessProcess.Result r = run(dir.resolve("classes-refused.log"), Map.of("HARNESS_CLASSPATH", client), "run",
                "--duration", "1s");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("HARNESS_CLASSPATH: " + client, "com.ibm.mq.jakarta.client", "take it off HARNESS_CLASSPATH");
    }

    @Test
    void abBenchAndRestartStudyRunOnJakarta() throws Exception {
        Path log = dir.resolve("classes-ab.log");
        HarnessProcess.Result r = run(log, Map.of(), "ab", "--api", "jakarta", "--a", "--syncpoint 10", "--b", "--syncpoint 0",
                "--rounds", "1", "--non-persistent", "--rate", "200", "--warmup", "0s", "--duration", "1s", "--report",
                dir.resolve("ab.html").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("harness-jakarta.jar"), loaded(log).get(ARTEMIS_FACTORY), "ab");

        log = dir.resolve("classes-bench.log");
        r = run(log, Map.of(), "bench", "--api", "jakarta", "--warmup", "500ms", "--trial", "1s", "--steps", "1", "--out",
                dir.resolve("bench.md").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("harness-jakarta.jar"), loaded(log).get(ARTEMIS_FACTORY), "bench");

        log = dir.resolve("classes-restart.log");
        Files.createDirectories(dir.resolve("restart"));
        r = run(log, Map.of(), "restart-study", "--api", "jakarta", "--depths", "100", "--uncommitted", "10", "--size", "512",
                "--dir", dir.resolve("restart").toString(), "--out", dir.resolve("restart.md").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("harness-jakarta.jar"), loaded(log).get(ARTEMIS_FACTORY), "restart-study");
    }

    private static HarnessProcess.Result run(Path classLog, Map<String, String> environment, String... args) throws Exception {
        try (HarnessProcess p = HarnessProcess.start(dir, List.of("-Xmx512m", "-Xlog:class+load=info:file=" + classLog),
                environment, args)) {
            int code = p.waitFor(180);
            return new HarnessProcess.Result(code, p.stdout(), p.stderr());
        }
    }

    /** Each class the JVM loaded, with the file name of every jar it was loaded from. */
    private static Map<String, List<String>> loaded(Path classLog) throws IOException {
        Map<String, List<String>> loaded = new java.util.HashMap<>();
        for (String line : Files.readAllLines(classLog)) {
            Matcher m = LOADED.matcher(line);
            // Generated classes (lambdas) name their host class as source, not a jar.
            if (m.find() && m.group(2).endsWith(".jar")) {
                String source = m.group(2);
                loaded.computeIfAbsent(m.group(1), k -> new ArrayList<>())
                        .add(source.substring(source.lastIndexOf('/') + 1));
            }
        }
        return loaded;
    }

    /** No class of the jar lies in, or names, a package of the other namespace. */
    private static void assertOneNamespace(Path jar, String own, List<String> others) throws IOException {
        boolean ownSeen = false;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements();) {
                ZipEntry entry = e.nextElement();
                if (!entry.getName().endsWith(".class")) {
                    continue;
                }
                for (String other : others) {
                    assertFalse(entry.getName().startsWith(other), jar.getFileName() + " holds " + entry.getName());
                }
                String bytes;
                try (InputStream in = zip.getInputStream(entry)) {
                    bytes = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                }
                ownSeen |= bytes.contains(own);
                for (String other : others) {
                    assertFalse(bytes.contains(other), jar.getFileName() + ": " + entry.getName() + " refers to " + other);
                }
            }
        }
        assertTrue(ownSeen, jar.getFileName() + " uses " + own);
    }

    private static String codeSource(Class<?> c) throws Exception {
        return Paths.get(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
