package dev.harness.core.host;

import java.util.List;

/**
 * What /proc/vmstat says that the sampler uses.
 *
 * @param majorFaults {@code pgmajfault}, page faults since boot that needed a disk read; -1 when absent
 */
record VmStat(long majorFaults) {
    static final String FILE = "vmstat";
    static final String IF_MISSING = "major page faults not sampled";
    static final VmStat NONE = new VmStat(-1);

    static VmStat parse(List<String> lines, ProcLines.Notes notes) {
        for (String line : lines) {
            if (line.startsWith("pgmajfault ")) {
                try {
                    return new VmStat(Long.parseLong(ProcLines.fields(line)[1]));
                } catch (RuntimeException e) {
                    notes.malformed(line);
                    return NONE;
                }
            }
        }
        notes.missing("pgmajfault", IF_MISSING);
        return NONE;
    }
}
