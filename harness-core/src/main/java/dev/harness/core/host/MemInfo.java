package dev.harness.core.host;

import java.util.List;

/**
 * What /proc/meminfo says that the sampler uses.
 *
 * @param availableBytes {@code MemAvailable}, in bytes; -1 when absent
 */
record MemInfo(long availableBytes) {
    static final String FILE = "meminfo";
    static final String IF_MISSING = "available memory not sampled";
    static final MemInfo NONE = new MemInfo(-1);

    static MemInfo parse(List<String> lines, ProcLines.Notes notes) {
        for (String line : lines) {
            if (line.startsWith("MemAvailable:")) {
                try {
                    String[] f = ProcLines.fields(line);
                    long v = Long.parseLong(f[1]);
                    return new MemInfo(f.length > 2 && f[2].equals("kB") ? v * 1024 : v);
                } catch (RuntimeException e) {
                    notes.malformed(line);
                    return NONE;
                }
            }
        }
        notes.missing("MemAvailable (kernel before 3.14)", IF_MISSING);
        return NONE;
    }
}
