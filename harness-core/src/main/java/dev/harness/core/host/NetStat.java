package dev.harness.core.host;

import java.util.List;

/**
 * What /proc/net/netstat says that the sampler uses: the TcpExt listen counters since boot.
 *
 * @param listenOverflows {@code ListenOverflows}: connections not queued because a listen backlog was full; -1
 *        when absent
 * @param listenDrops {@code ListenDrops}: connection attempts dropped at a listening socket, overflows included; -1
 *        when absent
 */
record NetStat(long listenOverflows, long listenDrops) {
    static final String FILE = "net/netstat";
    static final String IF_MISSING = "TCP listen overflows not sampled";
    static final NetStat NONE = new NetStat(-1, -1);

    static NetStat parse(List<String> lines, ProcLines.Notes notes) {
        long overflows = -1;
        long drops = -1;
        // A header line of names is followed by a line of values with the same prefix; they pair up by position.
        for (int i = 0; i + 1 < lines.size(); i++) {
            String header = lines.get(i);
            if (!header.startsWith("TcpExt:") || !lines.get(i + 1).startsWith("TcpExt:")) {
                continue;
            }
            String[] names = ProcLines.fields(header);
            String[] values = ProcLines.fields(lines.get(i + 1));
            if (names.length != values.length) {
                // Values that do not pair with their names cannot be read at all; the malformed note is the only one.
                notes.malformed(lines.get(i + 1));
                return NONE;
            }
            for (int k = 1; k < names.length; k++) {
                try {
                    if (names[k].equals("ListenOverflows")) {
                        overflows = Long.parseLong(values[k]);
                    } else if (names[k].equals("ListenDrops")) {
                        drops = Long.parseLong(values[k]);
                    }
                } catch (NumberFormatException e) {
                    notes.malformed(lines.get(i + 1));
                }
            }
            break;
        }
        if (overflows < 0) {
            notes.missing("TcpExt ListenOverflows", IF_MISSING);
        }
        if (drops < 0) {
            notes.missing("TcpExt ListenDrops", "TCP listen drops not sampled");
        }
        return new NetStat(overflows, drops);
    }
}
