package dev.harness.cli;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

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
     * Runs {@code args} in {@code api}'s jar, in this JVM, and returns its exit code. The jar's
     * class loader sees the platform's classes and the provider jars of HARNESS_CLASSPATH, none of
     * this jar's.
     */
    static int execute(Api api, String[] args, Function<String, RuntimeException> usage) {
        Path self = ownJar();
        Path other = self == null ? null : self.resolveSibling(fileName(api));
        if (other == null || !Files.isRegularFile(other)) {
            throw usage.apply("--api " + api + ": " + fileName(api) + " not found"
                    + (self == null ? "" : " beside " + self) + "; build both jars with mvn -B -DskipTests package");
        }
        List<URL> urls = new ArrayList<>();
        urls.add(url(other));
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            // Never this jar itself, however the class path spells it ("a/../target/harness.jar").
            if (!entry.isEmpty() && !sameFile(Path.of(entry), self)) {
                urls.add(url(Path.of(entry)));
            }
        }
        ClassLoader loader = new URLClassLoader(fileName(api), urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader); // JNDI and ServiceLoader look there
        try {
            Object code = Class.forName(Harness.class.getName(), true, loader)
                    .getMethod("execute", String[].class).invoke(null, (Object) args);
            return (Integer) code;
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(fileName(api) + " failed: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(fileName(api) + " is not a harness jar: " + e, e);
        } finally {
            thread.setContextClassLoader(before);
        }
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
        } catch (java.io.IOException e) {
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
