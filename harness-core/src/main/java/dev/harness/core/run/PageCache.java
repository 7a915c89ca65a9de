package dev.harness.core.run;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.harness.core.jms.Errors;

/**
 * {@code --drop-caches}: sync, then 3 into /proc/sys/vm/drop_caches before a restart, so that the
 * broker reads its files from the disk, as after a machine failure (seed 002). For any broker the
 * harness restarts: one started by {@code --start-cmd}, or its own child.
 */
public final class PageCache {
    /** sync before dropping the cache: a disk full of dirty pages may take a while, not for ever. */
    private static final long SYNC_WITHIN_MINUTES = 5;

    private PageCache() {
    }

    /** Syncs and drops the page cache; one line to {@code log} once done. */
    static void drop(Consumer<String> log) throws IOException, CommandBrokerKiller.CommandFailed, InterruptedException {
        Process sync = new ProcessBuilder("sync").redirectErrorStream(true).start();
        if (!sync.waitFor(SYNC_WITHIN_MINUTES, TimeUnit.MINUTES)) {
            sync.destroyForcibly();
            throw new CommandBrokerKiller.CommandFailed("--drop-caches: sync still running after " + SYNC_WITHIN_MINUTES
                    + " minutes");
        }
        try {
            Files.writeString(BrokerCommands.DROP_CACHES, "3");
        } catch (IOException e) {
            throw new CommandBrokerKiller.CommandFailed("--drop-caches: cannot write " + BrokerCommands.DROP_CACHES + ": "
                    + Errors.oneLine(e));
        }
        log.accept("--drop-caches: synced and dropped the page cache");
    }

    /** {@code broker}, dropping the page cache before each restart. */
    public static BrokerKiller droppedBeforeRestart(BrokerKiller broker, Consumer<String> log) {
        return new BrokerKiller() {
            @Override
            public void kill() throws Exception {
                broker.kill();
            }

            @Override
            public Restart restart() throws Exception {
                drop(log);
                return broker.restart();
            }

            @Override
            public String killedBy() {
                return broker.killedBy();
            }

            @Override
            public String restartSpan() {
                return broker.restartSpan();
            }

            @Override
            public List<RunHeader.Setting> describe() {
                List<RunHeader.Setting> s = new ArrayList<>(broker.describe());
                s.add(DESCRIBED);
                return s;
            }
        };
    }

    /** What the run header says of it. */
    static final RunHeader.Setting DESCRIBED = new RunHeader.Setting("drop caches", "sync and drop the page cache before each restart");
}
