package dev.harness.cli;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.zip.ZipFile;

import dev.harness.core.jms.Api;

/**
 * Runs a command in the jar built for the other namespace. harness.jar (javax.jms, with the javax
 * clients) and harness-jakarta.jar (the same classes relocated to jakarta.jms, with the Jakarta
 * clients) lie side by side; one {@code ./harness} starts the first, which hands a jakarta run to
 * the second in a class loader of its own. So IBM's two clients (and Artemis's two, whose classes
 * have the same names) are never loaded by one class loader.
 */
final class ApiJar {
    private ApiJar() {
    }

    static String fileName(Api api) {
        return api == Api.JAKARTA ? "harness-jakarta.jar" : "harness.jar";
    }

    /**
     * The variable that names {@code api}'s jar where it does not lie beside this one: the image
     * (mvn -Pimage) runs the harness from Jib's classes, with harness-jakarta.jar elsewhere.
     */
    static String variable(Api api) {
        return api == Api.JAKARTA ? "HARNESS_JAKARTA_JAR" : "HARNESS_JAR";
    }

    /**
     * Runs {@code args} in {@code api}'s jar, in this JVM, and returns its exit code. The jar's
     * class loader sees the platform's classes and the provider jars of HARNESS_CLASSPATH, none of
     * this jar's.
     */
    static int execute(Api api, String[] args, Function<String, RuntimeException> usage) {
        Path self = ownJar();
        Path other = find(api, self, System.getenv(), usage);
        List<URL> urls = new ArrayList<>();
        urls.add(url(other));
        for (Path entry : providerPath(self, System.getProperty("java.class.path", ""), System.getenv())) {
            urls.add(url(entry));
        }
        ClassLoader loader = new URLClassLoader(fileName(api), urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader); // JNDI and ServiceLoader look there
        try {
            Object code = Class.forName(Harness.class.getName(), true, loader)
                    .getMethod("execute", String[].class).invoke(null, (Object) handedOver(args, api));
            return (Integer) code;
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(fileName(api) + " failed: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(fileName(api) + " is not a harness jar: " + e, e);
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /**
     * Refuses a class path (HARNESS_CLASSPATH) that brings an IBM MQ or Artemis JMS client of its
     * own: harness.jar holds the javax ones and would share its class loader with it, and every
     * entry also goes into harness-jakarta.jar's loader beside the Jakarta ones. Either way IBM's
     * two clients (or Artemis's two) would meet in one class loader.
     */
    static void refuseClientsOnClassPath(Function<String, RuntimeException> usage) {
        Path self = ownJar();
        if (self == null) {
            return; // classes from a directory: a build's test class path, not a user's
        }
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            // Neither jar of the harness: harness-jakarta.jar, handed a run, sees harness.jar's class path.
            if (!entry.isEmpty() && !sameFile(Path.of(entry), self)
                    && !sameFile(Path.of(entry), self.resolveSibling(fileName(Api.JAVAX)))
                    && !sameFile(Path.of(entry), self.resolveSibling(fileName(Api.JAKARTA)))) {
                String client = clientIn(Path.of(entry));
                if (client != null) {
                    throw usage.apply("HARNESS_CLASSPATH: " + entry + " holds " + client + "; harness.jar and "
                            + fileName(Api.JAKARTA) + " bring IBM MQ's and Artemis's javax and Jakarta clients, each"
                            + " namespace in a class loader of its own: take it off HARNESS_CLASSPATH");
                }
            }
        }
    }

    /** The IBM MQ or Artemis JMS client a class path entry (jar or directory) holds, by name; null for none. */
    static String clientIn(Path entry) {
        // Names built at run time: shading would move com.ibm.mq.jms in a literal to the jakarta name.
        Map<String, String> marks = new LinkedHashMap<>();
        marks.put(String.join("/", "com", "ibm", "mq", "jms", "MQConnectionFactory.class"),
                "IBM MQ's classes for JMS (com.ibm.mq.allclient)");
        marks.put(String.join("/", "com", "ibm", "mq", "jakarta", "jms", "MQConnectionFactory.class"),
                "IBM MQ's classes for Jakarta Messaging (com.ibm.mq.jakarta.client)");
        marks.put(String.join("/", "org", "apache", "activemq", "artemis", "jms", "client", "ActiveMQConnectionFactory.class"),
                "Artemis's JMS client (artemis-jms-client or artemis-jakarta-client)");
        if (Files.isDirectory(entry)) {
            return marks.entrySet().stream().filter(m -> Files.isRegularFile(entry.resolve(m.getKey())))
                    .map(Map.Entry::getValue).findFirst().orElse(null);
        }
        if (!Files.isRegularFile(entry)) {
            return null;
        }
        try (ZipFile zip = new ZipFile(entry.toFile())) {
            return marks.entrySet().stream().filter(m -> zip.getEntry(m.getKey()) != null)
                    .map(Map.Entry::getValue).findFirst().orElse(null);
        } catch (IOException e) {
            return null; // not a jar: the JVM ignores it too
        }
    }

    /**
     * The args with {@code --api API} added last among the options (the last of an option wins):
     * the other jar then runs on the namespace decided here, never deciding again (a jndi lookup
     * that told it otherwise would hand the run back, and so on).
     */
    static String[] handedOver(String[] args, Api api) {
        List<String> out = new ArrayList<>(List.of(args));
        int end = out.indexOf("--"); // after it, no more options
        out.addAll(end < 0 ? out.size() : end, List.of("--api", api.toString()));
        return out.toArray(String[]::new);
    }

    /**
     * {@code api}'s jar: the file {@link #variable} names when it is set, else the one beside
     * {@code self} (this jar; null when these classes run from a directory). Not there: one line.
     */
    static Path find(Api api, Path self, Map<String, String> environment, Function<String, RuntimeException> usage) {
        String named = environment.get(variable(api));
        if (named != null && !named.isBlank()) {
            Path p = Path.of(named.strip());
            if (!Files.isRegularFile(p)) {
                throw usage.apply("--api " + api + ": " + variable(api) + "=" + named + " is no file; expected "
                        + fileName(api));
            }
            return p;
        }
        Path other = self == null ? null : self.resolveSibling(fileName(api));
        if (other == null || !Files.isRegularFile(other)) {
            throw usage.apply("--api " + api + ": " + fileName(api) + " not found"
                    + (self == null ? " (these classes run from a directory: set " + variable(api) + ")" : " beside " + self)
                    + "; build both jars with mvn -B -DskipTests package");
        }
        return other;
    }

    /**
     * The class path the other jar's loader gets besides that jar: a provider's client jars. Run
     * from a jar, the class path without it ({@code java -cp harness.jar:$HARNESS_CLASSPATH}); run
     * from classes (the image), the class path is this build's own classes and libraries, which
     * must not reach the other namespace's loader, so only HARNESS_CLASSPATH's entries.
     */
    static List<Path> providerPath(Path self, String classPath, Map<String, String> environment) {
        String entries = self != null ? classPath : environment.getOrDefault("HARNESS_CLASSPATH", "");
        List<Path> path = new ArrayList<>();
        for (String entry : entries.split(File.pathSeparator)) {
            // Never this jar itself, however the class path spells it ("a/../target/harness.jar").
            if (!entry.isEmpty() && !sameFile(Path.of(entry), self)) {
                path.add(Path.of(entry));
            }
        }
        return path;
    }

    /** The jar these classes were loaded from; null when run from a classes directory (unit tests). */
    private static Path ownJar() {
        try {
            Path p = Path.of(ApiJar.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
            return Files.isRegularFile(p) ? p : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return b != null && Files.exists(a) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static URL url(Path p) {
        try {
            return p.toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(p + ": " + e.getMessage(), e);
        }
    }
}
