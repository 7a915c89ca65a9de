package dev.harness.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.harness.core.FileErrors;
import dev.harness.core.TempFiles;
import dev.harness.core.Units;
import dev.harness.core.broker.BrokerConfig;
import dev.harness.core.broker.EmbeddedArtemis;
import dev.harness.core.jms.Errors;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisDiagnosis;
import dev.harness.core.JsonWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The embedded Artemis broker as a process of its own, to be driven with harness run --url. */
@Command(name = "broker", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Runs an Apache ActiveMQ Artemis broker in this process until SIGTERM or Ctrl-C.",
            "Its data directory is kept, so a restart recovers persistent messages."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped because the process that started it exited (--exit-with-parent)",
            "2:bad option value, port in use, or unusable data directory", "3:the broker could not start",
            "130:stopped with Ctrl-C", "143:stopped with SIGTERM"})
final class BrokerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to listen on. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--port", defaultValue = "61616", description = "Port to listen on. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--data-dir", defaultValue = "harness-broker-data", paramLabel = "DIR",
            description = "Journal, bindings and paging; kept between runs. Default: ${DEFAULT-VALUE}.")
    Path dataDir;

    @Option(names = "--journal-type", defaultValue = "nio", paramLabel = "nio|mapped|aio", converter = Values.JournalChoice.class,
            description = "How the journal writes; aio needs libaio. Default: ${DEFAULT-VALUE}.")
    BrokerConfig.Journal journal;

    @Option(names = "--global-max-size", paramLabel = "SIZE", converter = Values.LongSize.class,
            description = "How much memory the broker's messages may take before it pages them to disk (Artemis's"
                    + " global-max-size), such as 64MiB: a backlog past it shows where paging begins. Default: half of"
                    + " this JVM's largest heap.")
    Long globalMaxSizeBytes;

    @Option(names = "--journal-buffer-timeout", defaultValue = "auto", paramLabel = "auto|DURATION",
            description = "How long the journal gathers writes before a sync. auto: one synchronous write on this disk,"
                    + " measured at start much as artemis create does, its median rather than its mean (Artemis's NIO"
                    + " default, 3.3ms, holds every persistent send that long). Default: ${DEFAULT-VALUE}.")
    String journalBufferTimeout;

    @Option(names = "--ready-file", paramLabel = "FILE",
            description = "Once the broker accepts connections, write one JSON line to this file (atomically: it appears"
                    + " whole or not at all): url, pid, dataDir, journalBufferTimeoutUs. Removed when the broker stops.")
    Path readyFile;

    @Option(names = "--exit-with-parent",
            description = "Stop when the process that started this one exits (within 5 s): the harness starts its broker"
                    + " children so, and none outlives a harness that was killed.")
    boolean exitWithParent;

    @Option(names = "--remove-data-dir-with-parent",
            description = "With --exit-with-parent: remove --data-dir when stopping because the process that started this"
                    + " one exited. The harness gives its broker children temporary journals so, and none is left"
                    + " behind by a harness that was killed.")
    boolean removeDataDirWithParent;

    @Mixin
    CredentialOptions credentials;

    @Override
    public Integer call() throws UnreachableException {
        if (journal == BrokerConfig.Journal.AIO && !BrokerConfig.Journal.aioAvailable()) {
            throw usage("--journal-type aio: libaio is not available on this machine (install libaio1), use nio or mapped");
        }
        if (port < 1 || port > 65535) {
            throw usage("--port: expected 1 to 65535, got " + port);
        }
        long bufferTimeoutNs = 0;
        if (!journalBufferTimeout.equals("auto")) {
            try {
                bufferTimeoutNs = Values.durationNs(journalBufferTimeout);
            } catch (RuntimeException e) {
                throw usage("--journal-buffer-timeout: expected auto or a duration such as 150us, got '" + journalBufferTimeout + "'");
            }
            if (bufferTimeoutNs < 1_000 || bufferTimeoutNs > 1_000_000_000L) {
                throw usage("--journal-buffer-timeout: expected 1us to 1s");
            }
        }
        if (globalMaxSizeBytes != null && globalMaxSizeBytes < 1 << 20) {
            throw usage("--global-max-size: expected 1MiB or more, got " + globalMaxSizeBytes + " bytes");
        }
        if (removeDataDirWithParent && !exitWithParent) {
            throw usage("--remove-data-dir-with-parent: only with --exit-with-parent");
        }
        OutputFiles.checkWritable(spec, "--ready-file", readyFile);
        checkPortFree();
        checkDataDir();
        String password = credentials.password();
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicBoolean parentExited = new AtomicBoolean();
        EmbeddedArtemis broker;
        try {
            broker = EmbeddedArtemis.start(new BrokerConfig(dataDir.toAbsolutePath(), host, port, journal,
                    credentials.user, password, false, bufferTimeoutNs, globalMaxSizeBytes == null ? 0 : globalMaxSizeBytes));
        } catch (Exception e) {
            throw new UnreachableException("cannot start: " + ArtemisDiagnosis.oneLine(e), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (readyFile != null) {
                try {
                    Files.deleteIfExists(readyFile); // not ready any more
                } catch (IOException e) {
                    // Left behind; its pid is gone.
                }
            }
            broker.close();
            if (parentExited.get() && removeDataDirWithParent) {
                TempFiles.deleteQuietly(dataDir.toAbsolutePath());
                System.out.println("harness broker: removed " + dataDir.toAbsolutePath());
            }
            System.out.println("harness broker: stopped");
            System.out.flush();
            stopped.countDown();
        }, "harness-broker-stop"));
        System.out.printf(Locale.ROOT, "harness broker: accepting connections at %s (journal %s in %s, buffer timeout %.0f us,"
                + " paging past %s%s)%n", broker.url(), journal.name().toLowerCase(Locale.ROOT), dataDir.toAbsolutePath(),
                broker.journalBufferTimeoutNs() / 1e3, Units.mib(broker.globalMaxSizeBytes()),
                credentials.user == null ? ", no login" : ", user " + credentials.user);
        System.out.flush();
        if (readyFile != null) {
            writeReadyFile(broker);
        }
        if (exitWithParent) {
            long parent = ParentWatch.start(() -> {
                System.out.println("harness broker: the process that started it exited; stopping");
                parentExited.set(true);
                System.exit(ExitCode.OK); // the shutdown hook closes the broker
            });
            if (parent < 0) {
                System.out.println("harness broker: --exit-with-parent: no parent process to watch; running until stopped");
            }
        }
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return ExitCode.OK;
    }

    /**
     * The readiness handshake of a process that started this one: a reader sees no file or the
     * whole line, never part of it, because the line is written to a file of its own and moved.
     */
    private void writeReadyFile(EmbeddedArtemis broker) {
        String line = JsonWriter.oneLine().beginObject()
                .field("url", broker.url())
                .field("pid", ProcessHandle.current().pid())
                .field("dataDir", dataDir.toAbsolutePath().toString())
                .field("journalBufferTimeoutUs", Math.round(broker.journalBufferTimeoutNs() / 1e3))
                .endObject() + "\n";
        Path target = readyFile.toAbsolutePath();
        Path temp = null;
        try {
            temp = Files.createTempFile(target.getParent(), ".harness-broker-ready-", ".tmp");
            Files.writeString(temp, line);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            if (temp != null) {
                temp.toFile().delete();
            }
            // Whoever waits for the file must not wait for ever: the broker stops (its hook closes it).
            throw usage("--ready-file " + readyFile + ": cannot write the file: " + FileErrors.describe(e));
        }
    }

    /** Artemis logs a bind failure and carries on without an acceptor; find out first. */
    private void checkPortFree() {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (IOException e) {
            throw usage("--port " + port + ": cannot listen on " + host + ":" + port + " (" + Errors.oneLine(e) + ")");
        }
    }

    private void checkDataDir() {
        try {
            Files.createDirectories(dataDir);
            if (!Files.isWritable(dataDir)) {
                throw usage("--data-dir " + dataDir + ": not writable");
            }
        } catch (IOException e) {
            throw usage("--data-dir " + dataDir + ": cannot create it: " + FileErrors.describe(e));
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
