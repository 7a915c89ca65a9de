import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an idle JVM spends in CPU time over a window (bench/probe-idle-cpu.sh runs it with and
 * without the probe): after a warm-up, the process's CPU time over SECONDS, and each live
 * thread's over the same window (ThreadMXBean), so the probe's own threads can be named. Nothing
 * else runs in it: what the probe costs an application that is waiting.
 */
public final class IdleCpu {
    public static void main(String[] args) throws Exception {
        long seconds = Long.parseLong(args[0]);
        Thread.sleep(3_000); // warm-up: class loading, the probe's start
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<Long, Long> before = new TreeMap<>();
        for (long id : threads.getAllThreadIds()) {
            before.put(id, threads.getThreadCpuTime(id));
        }
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Thread.sleep(seconds * 1000);
        long cpu1 = os.getProcessCpuTime();
        long wall = System.nanoTime() - t0;
        Map<String, Long> perName = new TreeMap<>();
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long now = threads.getThreadCpuTime(info.getThreadId());
            long was = before.getOrDefault(info.getThreadId(), 0L);
            if (now >= 0 && was >= 0) {
                perName.merge(info.getThreadName().startsWith("harness-probe") ? info.getThreadName() : "other java threads",
                        now - was, Long::sum);
            }
        }
        System.out.printf("process %.1f ms cpu over %.1f s (%.3f %% of a core)%n", (cpu1 - cpu0) / 1e6, wall / 1e9,
                100.0 * (cpu1 - cpu0) / wall);
        perName.forEach((name, ns) -> System.out.printf("thread %s %.1f ms (%.3f %% of a core)%n", name, ns / 1e6,
                100.0 * ns / wall));
    }
}
