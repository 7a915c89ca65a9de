package dev.harness.core.host;

import java.util.List;

/**
 * What /proc/stat says: CPU time since boot, the online CPUs and the run queue at the moment of reading.
 *
 * @param cpuJiffies the aggregate {@code cpu} line's first {@value #CPU_FIELDS} counters (user nice system idle
 *        iowait irq softirq steal; guest is already inside user), or null when that line is missing or malformed
 * @param cpus the {@code cpuN} lines
 * @param procsRunning {@code procs_running}, or -1 when absent
 * @param procsBlocked {@code procs_blocked}, or -1 when absent
 */
record ProcStat(long[] cpuJiffies, int cpus, int procsRunning, int procsBlocked) {
    static final String FILE = "stat";
    static final String IF_MISSING = "CPU figures and run queue not sampled";
    static final int CPU_FIELDS = 8;
    static final ProcStat NONE = new ProcStat(null, 0, -1, -1);

    static ProcStat parse(List<String> lines, ProcLines.Notes notes) {
        long[] cpu = null;
        int cpus = 0;
        int running = -1;
        int blocked = -1;
        for (String line : lines) {
            try {
                if (line.startsWith("cpu ")) {
                    String[] f = ProcLines.fields(line);
                    if (f.length < 5) {
                        throw new NumberFormatException("too few fields");
                    }
                    // Older kernels have fewer columns (steal came in 2.6.11); what is not there stays 0.
                    long[] jiffies = new long[CPU_FIELDS];
                    for (int i = 0; i < CPU_FIELDS && i + 1 < f.length; i++) {
                        jiffies[i] = Long.parseLong(f[i + 1]);
                    }
                    cpu = jiffies;
                } else if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
                    cpus++;
                } else if (line.startsWith("procs_running ")) {
                    running = Integer.parseInt(ProcLines.fields(line)[1]);
                } else if (line.startsWith("procs_blocked ")) {
                    blocked = Integer.parseInt(ProcLines.fields(line)[1]);
                }
            } catch (RuntimeException e) {
                notes.malformed(line);
            }
        }
        if (cpu == null) {
            notes.missing("the aggregate cpu line", "CPU percentages not sampled");
        }
        if (running < 0) {
            notes.missing("procs_running", "run queue not sampled");
        }
        return new ProcStat(cpu, cpus, running, blocked);
    }
}
