package dev.harness.core.disturbance;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The lines appended to a log file from the moment this was made: what {@code --ready-log}
 * watches. A file that is replaced (a new inode, as when MQ moves AMQERR01.LOG to AMQERR02.LOG)
 * or shrinks is read again from its start; a file that is not there yet counts as empty. Only
 * whole lines are returned: a line still being written waits for its end.
 */
final class LogTail {
    private final Path file;
    private Object fileKey;
    private long offset;
    private byte[] pendingBytes = new byte[0];

    LogTail(Path file) throws IOException {
        this.file = file;
        BasicFileAttributes a = attributes();
        this.fileKey = a == null ? null : a.fileKey();
        this.offset = a == null ? 0 : a.size();
    }

    /** The whole lines appended since the last call (or since this was made). */
    List<String> newLines() throws IOException {
        BasicFileAttributes a = attributes();
        if (a == null) {
            return List.of();
        }
        if (!Objects.equals(a.fileKey(), fileKey) || a.size() < offset) {
            fileKey = a.fileKey(); // another file under the name: all of it is new
            offset = 0;
            pendingBytes = new byte[0];
        }
        if (a.size() == offset) {
            return List.of();
        }
        byte[] read;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(a.size() - offset, 1 << 20));
            int n = ch.read(buf, offset);
            if (n <= 0) {
                return List.of();
            }
            offset += n;
            read = new byte[pendingBytes.length + n];
            System.arraycopy(pendingBytes, 0, read, 0, pendingBytes.length);
            System.arraycopy(buf.array(), 0, read, pendingBytes.length, n);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        // Cut at the last newline, so a multi-byte character is never split across reads.
        int last = -1;
        for (int i = read.length - 1; i >= 0; i--) {
            if (read[i] == '\n') {
                last = i;
                break;
            }
        }
        pendingBytes = Arrays.copyOfRange(read, last + 1, read.length);
        List<String> lines = new ArrayList<>();
        if (last >= 0) {
            for (String line : new String(read, 0, last, StandardCharsets.UTF_8).split("\n", -1)) {
                lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            }
        }
        return lines;
    }

    private BasicFileAttributes attributes() throws IOException {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return null;
        }
    }
}
