package dev.harness.core.host;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Where a run ran, as the benchmarks of Aeron and others record it beside their results: the host,
 * its kernel, CPUs and memory, the JVM with its flags and collectors, and the harness, broker and
 * client versions. Read once at the start of a run, from system properties, /proc, /sys and the
 * JVM's MXBeans (reads only: nothing is run), and stated in the hlog's header and the JSON, so
 * that a report made later from the files says it too. A figure that cannot be read is null.
 *
 * @param host the host's name (/proc/sys/kernel/hostname)
 * @param os the distribution (/etc/os-release PRETTY_NAME), else os.name
 * @param kernel os.name, os.version and os.arch: "Linux 6.1.0-28-amd64 amd64"
 * @param cpus CPUs this JVM may use, of those online, their model, and whether under a hypervisor
 * @param cpuGovernor cpu0's frequency governor, where the kernel exposes one
 * @param memory the host's memory (MemTotal)
 * @param transparentHugePages the THP mode in force ("madvise")
 * @param java the JVM: name, version, vendor
 * @param jvmArgs the JVM's input arguments, or "none"
 * @param gc the JVM's garbage collectors
 * @param heap the JVM's maximum heap
 * @param harness this harness's version
 * @param broker what the run drove, as its header names it
 * @param client the client library and its version
 */
public record Environment(String host, String os, String kernel, String cpus, String cpuGovernor, String memory,
        String transparentHugePages, String java, String jvmArgs, String gc, String heap, String harness, String broker,
        String client) {

    /**
     * Each figure's name in the JSON ({@code "environment": {"host": ...}}) and its label, the words
     * of its line in the hlog header ({@code environment host: ...}), in the order they are read.
     */
    public record Field(String key, String label, Function<Environment, String> value) {
    }

    public static final List<Field> FIELDS = List.of(
            new Field("host", "host", Environment::host),
            new Field("os", "os", Environment::os),
            new Field("kernel", "kernel", Environment::kernel),
            new Field("cpus", "cpus", Environment::cpus),
            new Field("cpuGovernor", "cpu governor", Environment::cpuGovernor),
            new Field("memory", "memory", Environment::memory),
            new Field("transparentHugePages", "transparent huge pages", Environment::transparentHugePages),
            new Field("java", "java", Environment::java),
            new Field("jvmArgs", "jvm args", Environment::jvmArgs),
            new Field("gc", "gc", Environment::gc),
            new Field("heap", "heap", Environment::heap),
            new Field("harness", "harness", Environment::harness),
            new Field("broker", "broker", Environment::broker),
            new Field("client", "client", Environment::client));

    /** The hlog header's lines start with this, then a field's label: {@code environment kernel: Linux ...}. */
    public static final String HLOG_PREFIX = "environment ";

    /** This JVM and host now, driving {@code broker} with {@code client}. */
    public static Environment collect(String broker, String client) {
        Runtime rt = Runtime.getRuntime();
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        List<String> gcs = new ArrayList<>();
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcs.add(b.getName());
        }
        return new Environment(hostName(), osRelease(), System.getProperty("os.name") + " " + System.getProperty("os.version")
                + " " + System.getProperty("os.arch"), cpus(rt.availableProcessors()),
                firstLine(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")), memTotal(),
                selected(firstLine(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"))),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                        + System.getProperty("java.vm.vendor") + ")",
                args.isEmpty() ? "none" : String.join(" ", args), gcs.isEmpty() ? null : String.join(", ", gcs),
                "max " + bytes(rt.maxMemory()), harnessVersion(), broker, client);
    }

    /** This harness's version from its jar's manifest, or "(development build)" when run from classes. */
    public static String harnessVersion() {
        Package p = Environment.class.getPackage();
        String v = p == null ? null : p.getImplementationVersion();
        return v == null ? "(development build)" : v;
    }

    /** Every figure read, by label, in order: the hlog's lines and the report's table. */
    public Map<String, String> byLabel() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Field f : FIELDS) {
            String v = f.value().apply(this);
            if (v != null) {
                m.put(f.label(), v);
            }
        }
        return m;
    }

    /** Every figure read, by JSON key, in order. */
    public Map<String, String> byKey() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Field f : FIELDS) {
            String v = f.value().apply(this);
            if (v != null) {
                m.put(f.key(), v);
            }
        }
        return m;
    }

    /**
     * An environment read back, each figure looked up by its label or key through {@code lookup};
     * null when none is there (a log from before they were written, a foreign one).
     */
    public static Environment read(Function<Field, String> lookup) {
        List<String> v = new ArrayList<>();
        boolean any = false;
        for (Field f : FIELDS) {
            String s = lookup.apply(f);
            v.add(s);
            any |= s != null;
        }
        return !any ? null : new Environment(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5), v.get(6), v.get(7),
                v.get(8), v.get(9), v.get(10), v.get(11), v.get(12), v.get(13));
    }

    private static String hostName() {
        String name = firstLine(Path.of("/proc/sys/kernel/hostname"));
        return name != null ? name : System.getenv("HOSTNAME");
    }

    private static String osRelease() {
        for (String line : lines(Path.of("/etc/os-release"))) {
            if (line.startsWith("PRETTY_NAME=")) {
                return line.substring("PRETTY_NAME=".length()).replace("\"", "");
            }
        }
        return System.getProperty("os.name");
    }

    /** "2 of 4 online, AMD EPYC 7B13, under a hypervisor": what this JVM may use, of what the host has. */
    static String cpus(int available) {
        int online = 0;
        String model = null;
        boolean hypervisor = false;
        for (String line : lines(Path.of("/proc/cpuinfo"))) {
            if (line.startsWith("processor")) {
                online++;
            } else if (model == null && line.startsWith("model name")) {
                model = line.substring(line.indexOf(':') + 1).strip();
            } else if (!hypervisor && line.startsWith("flags") && line.contains(" hypervisor")) {
                hypervisor = true;
            }
        }
        StringBuilder b = new StringBuilder().append(available).append(" available to the JVM");
        if (online > 0 && online != available) {
            b.append(" of ").append(online).append(" online");
        }
        if (model != null) {
            b.append(", ").append(model);
        }
        if (hypervisor) {
            b.append(", under a hypervisor");
        }
        return b.toString();
    }

    private static String memTotal() {
        for (String line : lines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemTotal:")) {
                String[] f = line.strip().split("\\s+");
                try {
                    return bytes(Long.parseLong(f[1]) * (f.length > 2 && f[2].equals("kB") ? 1024 : 1));
                } catch (RuntimeException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** "always [madvise] never": the bracketed choice. */
    static String selected(String modes) {
        if (modes == null) {
            return null;
        }
        int open = modes.indexOf('[');
        int close = modes.indexOf(']', open + 1);
        return open >= 0 && close > open ? modes.substring(open + 1, close) : modes;
    }

    static String bytes(long n) {
        return n >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", n / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.0f MiB", n / (double) (1L << 20));
    }

    private static String firstLine(Path file) {
        List<String> lines = lines(file);
        return lines.isEmpty() || lines.get(0).isBlank() ? null : lines.get(0).strip();
    }

    /** The file's lines, or none when it cannot be read (not Linux, a container without /sys). */
    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
