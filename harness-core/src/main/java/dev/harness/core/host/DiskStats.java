package dev.harness.core.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What /proc/diskstats says about whole disks: counters since boot and the requests in flight now.
 *
 * <p>Every kernel generation is read alike: 14 columns (before 4.18), 18 (with discards) and 20 (with flushes);
 * only columns among the first 14 are kept. A line with fewer columns, or a field that is not a number, is malformed.
 *
 * <p>Whole disks are told from partitions by name, the same for fixtures and the live /proc: {@code loopN},
 * {@code ramN} and {@code zramN} are left out; a name ending in digits is a partition when the name without
 * them (and without a {@code p} before them, as in {@code nvme0n1p1}) is also in diskstats, or when it has the
 * form of an sd/vd/xvd/hd, nvme, mmcblk or nbd partition. That agrees with /sys/block for these devices and
 * keeps device-mapper ({@code dm-0}), md ({@code md127}) and {@code nvme0n1} as disks.
 *
 * @param disks the whole disks in diskstats order
 */
record DiskStats(List<Disk> disks) {
    static final String FILE = "diskstats";
    static final String IF_MISSING = "disk queues not sampled";
    static final DiskStats NONE = new DiskStats(List.of());

    private static final Pattern MEMORY_DEVICE = Pattern.compile("(?:loop|ram|zram)\\d+");
    private static final Pattern PARTITION = Pattern.compile(
            "(?:[shv]d|xvd)[a-z]+\\d+|(?:nvme\\d+n\\d+|mmcblk\\d+|nbd\\d+)p\\d+");
    private static final int MIN_FIELDS = 14;

    /**
     * One whole disk's line.
     *
     * @param reads reads completed since boot
     * @param writes writes completed since boot
     * @param inFlight requests issued and not yet completed
     * @param busyMillis milliseconds with at least one request in flight since boot (32-bit on most kernels)
     */
    record Disk(String name, long reads, long writes, long inFlight, long busyMillis) {
    }

    DiskStats {
        disks = List.copyOf(disks);
    }

    static DiskStats parse(List<String> lines, ProcLines.Notes notes) {
        // Partitions are read too: whether a name is a whole disk depends on the other names.
        Map<String, Disk> all = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = ProcLines.fields(line);
            if (f.length < MIN_FIELDS) {
                notes.malformed(line);
                continue;
            }
            try {
                Long.parseLong(f[0]);
                Long.parseLong(f[1]);
                long[] v = new long[f.length - 3];
                for (int i = 3; i < f.length; i++) {
                    v[i - 3] = Long.parseLong(f[i]);
                }
                // reads completed, writes completed, in flight, ms with I/O in flight: columns 4, 8, 12, 13
                all.put(f[2], new Disk(f[2], v[0], v[4], v[8], v[9]));
            } catch (NumberFormatException e) {
                notes.malformed(line);
            }
        }
        List<Disk> disks = new ArrayList<>();
        for (Disk d : all.values()) {
            if (isWholeDisk(d.name(), all.keySet())) {
                disks.add(d);
            }
        }
        return new DiskStats(disks);
    }

    static boolean isWholeDisk(String name, Set<String> allNames) {
        if (MEMORY_DEVICE.matcher(name).matches()) {
            return false;
        }
        int end = name.length();
        while (end > 0 && Character.isDigit(name.charAt(end - 1))) {
            end--;
        }
        if (end == name.length() || end == 0) {
            return true;
        }
        String base = name.substring(0, end);
        if (allNames.contains(base)) {
            return false;
        }
        if (base.endsWith("p") && allNames.contains(base.substring(0, base.length() - 1))) {
            return false;
        }
        return !PARTITION.matcher(name).matches();
    }
}
