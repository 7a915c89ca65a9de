package dev.harness.agent.probe;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

import dev.harness.agent.SystemProperties;
import net.bytebuddy.dynamic.loading.ClassInjector;

/**
 * The probe's entry: puts the two hook classes into the bootstrap class loader (so advice inlined
 * into any class loader's classes reaches them), then starts a {@link ProbeSession}. This class
 * names neither hook class nor the session's types in its own signatures, so nothing loads them
 * from the agent's class loader before the bootstrap copy is in place.
 */
public final class ProbeAgent {
    private static final String[] BOOT_CLASSES = {"dev/harness/agent/boot/ProbeHooks.class",
        "dev/harness/agent/boot/ProbeSink.class"};

    private ProbeAgent() {
    }

    /**
     * Starts the probe; returns null, else why not in one line. Never throws. The outcome of
     * this attach is left in the system property {@code harness.probe.attach} ("TOKEN outcome",
     * for harness probe to read); {@code harness.probe.status} says how the probe of this JVM is
     * doing, and a second attach refused as busy leaves it as the first probe set it.
     */
    public static String start(String args, Instrumentation inst) {
        String failure;
        String token = null;
        try {
            ProbeOptions options = ProbeOptions.parse(args);
            token = options.token();
            if (!inst.isRetransformClassesSupported()) {
                failure = "this JVM cannot retransform classes";
            } else {
                appendBootClasses(inst);
                failure = ProbeSession.start(options, inst);
            }
        } catch (IllegalArgumentException e) {
            failure = e.getMessage();
        } catch (Throwable e) {
            failure = "could not start (" + e + ")";
        }
        // Never throws: a security manager that forbids it leaves the probe running or not all the same.
        if (failure != null && !failure.startsWith("busy:")) {
            SystemProperties.set(ProbeSession.STATUS_PROPERTY, "not started: " + failure);
        }
        SystemProperties.set(ProbeSession.ATTACH_PROPERTY, (token == null ? "-" : token) + " "
                + (failure == null ? "running" : failure));
        return failure;
    }

    private static synchronized void appendBootClasses(Instrumentation inst) throws IOException {
        try {
            Class.forName("dev.harness.agent.boot.ProbeHooks", false, null);
            return; // a probe before this one put them there
        } catch (ClassNotFoundException e) {
            // First probe of this JVM.
        }
        // Defined straight into the bootstrap loader where Byte Buddy can: appending a jar to the boot
        // class path makes HotSpot print a class-sharing warning into the application's output.
        if (ClassInjector.UsingUnsafe.isAvailable()) {
            Map<String, byte[]> classes = new LinkedHashMap<>();
            for (String name : BOOT_CLASSES) {
                try (InputStream in = ProbeAgent.class.getClassLoader().getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IOException(name + " is missing from the agent's jar");
                    }
                    classes.put(name.substring(0, name.length() - ".class".length()).replace('/', '.'), in.readAllBytes());
                }
            }
            try {
                ClassInjector.UsingUnsafe.ofBootLoader().injectRaw(classes);
                return;
            } catch (RuntimeException e) {
                // Fall back to the boot class path.
            }
        }
        Path jar = Files.createTempFile("harness-probe-boot-", ".jar");
        jar.toFile().deleteOnExit();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : BOOT_CLASSES) {
                try (InputStream in = ProbeAgent.class.getClassLoader().getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IOException(name + " is missing from the agent's jar");
                    }
                    out.putNextEntry(new JarEntry(name));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
    }
}
