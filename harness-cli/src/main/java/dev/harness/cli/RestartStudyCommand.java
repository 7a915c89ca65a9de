package dev.harness.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.FileErrors;
import dev.harness.core.TempFiles;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.run.RestartStudy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "restart-study", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "How long a broker takes to come back after kill -9, against queue depth and uncommitted messages (seed 002):"
                    + " for each case, a harness broker child on a fresh journal is filled to the depth (persistent,"
                    + " committed), given that many messages in a transaction left open, killed with SIGKILL and"
                    + " restarted on the same journal. Prints and appends a table: restart time (process start to"
                    + " accepting connections), time to the first message, drain time, and the messages recovered",
            "(which must equal the depth: committed ones kept, uncommitted ones rolled back)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every case recovered exactly its committed messages", "2:bad option value",
            "3:a broker could not start", "4:a case lost committed messages or kept uncommitted ones",
            "6:the cases completed and were printed, but --out could not be written"})
final class RestartStudyCommand implements Callable<Integer>, UsesApi {

    @Spec
    CommandSpec spec;

    @Option(names = "--depths", split = ",", defaultValue = "0,10000,50000,100000", paramLabel = "N,N,...",
            description = "Committed messages on the queue at the kill. Default: ${DEFAULT-VALUE}.")
    List<Integer> depths;

    @Option(names = "--uncommitted", split = ",", defaultValue = "0,1000,10000", paramLabel = "N,N,...",
            description = "Messages in a transaction left open at the kill. Default: ${DEFAULT-VALUE}.")
    List<Integer> uncommitted;

    @Option(names = "--size", defaultValue = "2KiB", converter = Values.Size.class, paramLabel = "SIZE",
            description = "Message size. Default: ${DEFAULT-VALUE}.")
    int sizeBytes;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where the journals go (on the disk to study). Default: a temporary directory.")
    Path dir;

    @Option(names = "--out", defaultValue = "bench/results-restart.md", paramLabel = "FILE",
            description = "Markdown file the table is appended to. Default: ${DEFAULT-VALUE}.")
    Path out;

    @Mixin
    ApiOption apiOption;

    private String bufferTimeout = "auto";

    /** Its own broker, driven through Artemis's client of the namespace asked for. */
    @Override
    public Api api() {
        return apiOption.api != null ? apiOption.api : Api.JAVAX;
    }

    @Override
    public Integer call() throws Exception {
        for (List<Integer> l : List.of(depths, uncommitted)) {
            if (l.stream().anyMatch(n -> n < 0 || n > 10_000_000)) {
                throw usage((l == depths ? "--depths" : "--uncommitted") + ": expected whole numbers from 0 to 10000000");
            }
        }
        if (sizeBytes < 1 || sizeBytes > 10 * 1024 * 1024) {
            throw usage("--size: expected 1 byte to 10MiB");
        }
        String problem = FileErrors.unwritable(out);
        if (problem != null) {
            throw usage("--out " + out + ": cannot write the file: " + problem);
        }
        Path root = dir != null ? Files.createDirectories(dir).resolve("harness-restart-study-" + ProcessHandle.current().pid())
                : Files.createTempDirectory("harness-restart-study-");
        RestartStudy study = new RestartStudy(this::startBroker, sizeBytes, line -> System.out.println("  " + line));
        List<RestartStudy.Result> results = new ArrayList<>();
        try {
            int i = 0;
            for (RestartStudy.Case c : RestartStudy.grid(depths, uncommitted)) {
                Path data = root.resolve("case-" + i++);
                try {
                    RestartStudy.Result r = study.run(c, data, ChildBroker.freePort());
                    results.add(r);
                    System.out.println(row(r));
                } catch (ChildBroker.StartFailure e) {
                    throw new UnreachableException(e.getMessage(), e);
                } finally {
                    TempFiles.deleteQuietly(data);
                }
            }
        } finally {
            TempFiles.deleteQuietly(root);
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%n## %s, %s, %d CPUs, %s%n%n", LocalDate.now(), System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), "journal in " + (dir == null ? "a temporary directory" : dir)));
        md.append(String.format(Locale.ROOT, "harness broker (embedded Artemis, NIO journal, buffer timeout %s us), %d-byte"
                + " persistent messages, killed with SIGKILL and restarted on the same journal.%n%n", bufferTimeout, sizeBytes));
        md.append("| depth | uncommitted | restart ms | first message ms | drain ms | recovered |\n|---:|---:|---:|---:|---:|---:|\n");
        for (RestartStudy.Result r : results) {
            md.append(String.format(Locale.ROOT, "| %,d | %,d | %,d | %s | %,d | %,d%s |%n", r.c().depth(), r.c().uncommitted(),
                    r.restartMillis(), r.firstMessageMillis() < 0 ? "-" : String.format("%,d", r.firstMessageMillis()),
                    r.drainMillis(), r.recovered(), r.wrong() == 0 ? "" : " WRONG"));
        }
        try {
            Files.writeString(out, md.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new Failure.OutputNotWritten("--out " + out + ": cannot write the file: " + FileErrors.describe(e));
        }
        System.out.println("appended to " + out);
        long wrong = results.stream().filter(r -> r.wrong() != 0).count();
        if (wrong != 0) {
            throw new Failure.DuringRun(wrong + " case(s) lost committed messages or kept uncommitted ones (WRONG above)");
        }
        return ExitCode.OK;
    }

    private static String row(RestartStudy.Result r) {
        return String.format(Locale.ROOT, "depth %,9d  uncommitted %,7d  restart %,6d ms  first message %7s ms  drain %,7d ms"
                + "  recovered %,9d%s", r.c().depth(), r.c().uncommitted(), r.restartMillis(),
                r.firstMessageMillis() < 0 ? "-" : String.format("%,d", r.firstMessageMillis()), r.drainMillis(),
                r.recovered(), r.wrong() == 0 ? "" : "  WRONG: expected " + r.c().depth());
    }

    /** A harness broker child on this journal, from this very jar; the first one measures the buffer timeout. */
    private RestartStudy.Started startBroker(Path dataDir, int port) throws Exception {
        ChildBroker broker = new ChildBroker(dataDir, port, bufferTimeout).start();
        bufferTimeout = broker.bufferTimeoutUs();
        return new RestartStudy.Started(broker.process(), broker.startMillis());
    }


    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
