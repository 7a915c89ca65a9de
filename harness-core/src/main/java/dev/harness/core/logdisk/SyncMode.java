package dev.harness.core.logdisk;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/** How each write is made durable before the next, as a queue manager's logger does. */
public enum SyncMode {
    /** The file is opened with O_DSYNC: every write returns only once its data is on the device. */
    DSYNC("O_DSYNC: each write returns once its data is on the device"),
    /** A plain write, then fdatasync (FileChannel.force(false)) before the next write. */
    FDATASYNC("write, then fdatasync before the next write");

    private final String description;

    SyncMode(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    Set<OpenOption> openOptions() {
        return this == DSYNC ? Set.of(StandardOpenOption.WRITE, StandardOpenOption.DSYNC) : Set.of(StandardOpenOption.WRITE);
    }

    void afterWrite(FileChannel channel) throws IOException {
        if (this == FDATASYNC) {
            channel.force(false);
        }
    }
}
