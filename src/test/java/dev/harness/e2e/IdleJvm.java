package dev.harness.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** A JVM with no messaging classes loaded (ProbeIT): writes {@code ready} in its directory and sleeps a minute. */
public final class IdleJvm {
    private IdleJvm() {
    }

    public static void main(String[] args) throws Exception {
        writeWhole(Path.of(args[0]).resolve("ready"), Long.toString(ProcessHandle.current().pid()));
        Thread.sleep(60_000);
    }

    /** Writes a file that appears whole or not at all: the test waits for it to exist, then reads it. */
    static void writeWhole(Path file, String text) throws IOException {
        Path part = file.resolveSibling(file.getFileName() + ".part");
        Files.writeString(part, text);
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE);
    }
}
