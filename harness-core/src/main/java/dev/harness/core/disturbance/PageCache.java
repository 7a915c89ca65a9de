package dev.harness.core.disturbance;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.harness.core.Setting;
import dev.harness.core.jms.Errors;

/**
 * {@code --drop-caches}: sync, then 3 into /proc/sys/vm/drop_caches before a restart, so that the
 * broker reads its files from the disk, as after a machine failure (seed 002). For any broker the
 * harness restarts: one started by {@code --start-cmd}, or its own child. It is this host's cache
 * only: a broker that {@code --start-cmd} starts on another host keeps its own, and every line that
 * speaks of the drop says whose it was.
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
        log.accept("--drop-caches: synced and dropped " + dropped());
    }

    /** Whose cache is dropped: "this host's page cache (db1)". */
    public static String dropped() {
        return "this host's page cache (" + host() + ")";
    }

    /** What no drop here reaches. */
    public static final String NOT_ELSEWHERE = "a broker on another host keeps its own: drop it there, in --start-cmd";

    private static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException | RuntimeException e) {
            String env = System.getenv("HOSTNAME");
            return env == null ? "name unknown" : env;
        }
    }

    /** {@code broker}, a child of this process on this host, dropping the page cache before each restart. */
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
            public List<Setting> describe() {
                List<Setting> s = new ArrayList<>(broker.describe());
                s.add(new Setting("drop caches", "sync and drop " + dropped() + ", the broker's, before each"
                        + " restart"));
                return s;
            }
        };
    }

    /** What the run header says of it for a broker the start command starts: whose cache, and whose not. */
    static Setting described() {
        return new Setting("drop caches", "sync and drop " + dropped() + " before each restart; " + NOT_ELSEWHERE);
    }
}
