package dev.harness.e2e;

import java.nio.file.Files;
import java.nio.file.Path;

/** A JVM with no messaging classes loaded (ProbeIT): writes {@code ready} in its directory and sleeps a minute. */
public final class IdleJvm {
    private IdleJvm() {
    }

    public static void main(String[] args) throws Exception {
        Files.writeString(Path.of(args[0]).resolve("ready"), Long.toString(ProcessHandle.current().pid()));
        Thread.sleep(60_000);
    }
}
