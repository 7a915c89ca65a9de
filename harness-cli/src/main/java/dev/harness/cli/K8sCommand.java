package dev.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import dev.harness.core.FileErrors;
import dev.harness.core.WorkloadKind;
import dev.harness.core.k8s.K8sSettings;
import dev.harness.core.k8s.Manifests;
import dev.harness.core.run.StartAt;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/** One sharded run as Kubernetes objects: harness run's options checked by run's code, then the manifests. */
@Command(name = "k8s", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        defaultValueProvider = Defaults.class,
        description = {
            "Writes the Kubernetes manifests of one run split into N shards: a ConfigMap with the run's options, a"
                    + " ReadWriteMany claim for the results, an Indexed Job of N pods each running harness run --shard"
                    + " auto/N from one start, and a Job that waits for them, merges their hlogs and JSON, writes the"
                    + " report and judges the objectives (--slo) on the merged set.",
            "Every other option is a harness run option for every shard, checked as harness run checks it before"
                    + " anything is written.",
            "  harness k8s --shards 4 --image registry.example/harness:0.1.0 --url tcp://broker:61616 --rate 40000"
                    + " --non-persistent --queues 8 --slo 'response.p99 < 50ms' | kubectl apply -f -"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:a bad option (of k8s or of harness run), or --out cannot be written"})
final class K8sCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--shards", required = true, paramLabel = "N", description = "Pods of the Indexed Job: pod I runs shard I of N.")
    int shards;

    @Option(names = "--image", required = true, paramLabel = "IMAGE",
            description = "The harness image (its entrypoint harness; deploy/docker/Dockerfile, or mvn -Pimage).")
    String image;

    @Option(names = "--name", paramLabel = "NAME", description = "The run's name: the ConfigMap, and the prefix of the Jobs"
            + " and the claim. Default: " + K8sSettings.DEFAULT_NAME + ".")
    String name;

    @Option(names = "--namespace", paramLabel = "NS", description = "The namespace of every object. Default: kubectl's.")
    String namespace;

    @Option(names = "--cpu", paramLabel = "QUANTITY", description = "Each shard's CPU, requested and limited alike (2,"
            + " 1500m). Default: " + K8sSettings.DEFAULT_CPU + ".")
    String cpu;

    @Option(names = "--memory", paramLabel = "QUANTITY", description = "Each shard's memory, requested and limited alike."
            + " Default: " + K8sSettings.DEFAULT_MEMORY + ".")
    String memory;

    @Option(names = "--claim", paramLabel = "NAME", description = "The ReadWriteMany PersistentVolumeClaim for the"
            + " results. Default: NAME-results.")
    String claim;

    @Option(names = "--storage", paramLabel = "QUANTITY", description = "The claim's size. Default: "
            + K8sSettings.DEFAULT_STORAGE + ".")
    String storage;

    @Option(names = "--storage-class", paramLabel = "CLASS", description = "The claim's storage class (one that offers"
            + " ReadWriteMany). Default: the cluster's.")
    String storageClass;

    @Option(names = "--password-secret", paramLabel = "SECRET", description = "With --password-env VAR: the Secret whose"
            + " key " + K8sSettings.PASSWORD_KEY + " fills VAR in every shard. Default: NAME-password.")
    String passwordSecret;

    @Option(names = "--start-at", paramLabel = "TIME", description = "When message 0 is due, for every shard, as harness"
            + " run takes it. Default: now plus --lead.")
    String startAt;

    @Option(names = "--lead", converter = Values.Duration.class, paramLabel = "DURATION", description = "Without"
            + " --start-at: the start is this long after the manifests are written, time to apply them, schedule the pods"
            + " and pull the image. Default: 2m.")
    Long leadNs;

    @Option(names = "--slo", paramLabel = "OBJECTIVE", description = "An objective, as harness run takes it (repeatable):"
            + " judged once by harness check on the merged shards, not by each shard on its share.")
    List<String> slo = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Write the manifests to DIR/NAME.yaml instead of standard"
            + " output.")
    Path out;

    // harness run's option groups, for every shard: declared once, with run's defaults and checks.
    @Mixin
    WorkloadOptions workloadOptions;

    @Mixin
    MeasureOptions measureOptions;

    /** The other run options for every shard (--url, --provider, ...), which run parses. */
    @Unmatched
    List<String> otherRunOptions = new ArrayList<>();

    /** Whose now the start is computed from; fixed by the test that regenerates deploy/kubernetes. */
    Clock clock = Clock.systemDefaultZone();

    @Override
    public Integer call() {
        Instant now = clock.instant();
        Instant start = K8sSettings.start(StartAt.parse(startAt, clock), leadNs, clock);
        List<String> runOptions = RunPlan.passedOn(spec);
        RunPlan run = checkedRun(start, runOptions);
        K8sSettings settings = K8sSettings.of(name, namespace, image, shards, cpu, memory, claim, storage, storageClass,
                start, run.boundNs, runOptions, slo, run.passwordEnv, passwordSecret);
        if (passwordSecret != null && settings.passwordEnv() == null) {
            throw usage("--password-secret: fills the variable --password-env names; give --password-env too");
        }
        String yaml = Manifests.yaml(settings, now);
        if (out == null) {
            System.out.print(yaml);
            System.out.flush();
            return ExitCode.OK;
        }
        Path file = out.resolve(settings.name() + ".yaml");
        try {
            Files.createDirectories(out);
            Files.writeString(file, yaml, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw usage("--out " + out + ": cannot write " + file + ": " + FileErrors.describe(e));
        }
        System.out.println("harness k8s: wrote " + file);
        return ExitCode.OK;
    }

    /**
     * The shards' options, parsed and checked by harness run's own code as shard 0 of N would run
     * them, objectives and start included; what the manifests own is refused, not silently dropped.
     */
    private RunPlan checkedRun(Instant start, List<String> runOptions) {
        List<String> args = new ArrayList<>(runOptions);
        args.addAll(List.of("--start-at", start.toString(), "--shard", "0/" + Math.max(1, shards)));
        slo.forEach(o -> args.addAll(List.of("--slo", o)));
        try {
            CommandLine.ParseResult given = RunPlan.given(args);
            refuse(runOptions.stream().anyMatch(t -> t.equals("--shard") || t.startsWith("--shard=")) ? "--shard" : null,
                    "every pod runs shard auto/N of --shards N");
            refuse(Stream.of("--hlog", "--json", "--report", "--events", "--junit").filter(given::hasMatchedOption)
                    .findFirst().orElse(null),
                    "the manifests name each shard's files in the claim (shard-I.hlog, shard-I.json) and the merged set's");
            refuse(RunCommand.INTERNAL_OPTIONS.stream().filter(given::hasMatchedOption).findFirst().orElse(null),
                    "it is the harness's own, for a sweep's shards");
            refuse(given.hasMatchedOption("--slo-abort") ? "--slo-abort" : null,
                    "a shard sees its share only; the objectives are judged on the merged set");
            refuse(given.hasMatchedOption("--kill-broker-at") ? "--kill-broker-at" : null,
                    "the shards drive one broker they do not run");
            refuse(given.matchedOptionValue("--workload", WorkloadKind.PUT) == WorkloadKind.PUBSUB ? "--workload pubsub"
                    : null, "a publish/subscribe run is not split into shards yet");
            refuse(given.hasMatchedOption("--password-file") ? "--password-file" : null,
                    "the file is not in the pods; use --password-env VAR, filled from --password-secret");
            refuse(given.hasMatchedOption("--size") && given.matchedOption("--size").stringValues().stream()
                    .anyMatch(v -> v.trim().startsWith("file:")) ? "--size file:" : null,
                    "the file is not in the pods; give the mix itself, as 512:50,8KiB:50");
            refuse(given.hasMatchedOption("--payload") && given.matchedOption("--payload").stringValues().stream()
                    .anyMatch(v -> v.trim().startsWith("file:")) ? "--payload file:" : null,
                    "the samples are not in the pods; give zeros, random or text");
            if (RunPlan.ownBroker(given)) {
                // Without a broker to drive, each pod would start one of its own.
                throw usage("--url: expected with harness k8s: the shards drive one broker that they do not run; give"
                        + " its --url (or another provider's options, --provider ...)");
            }
            return RunPlan.parse(args, clock);
        } catch (ParameterException e) {
            if (e.getCommandLine() == spec.commandLine()) {
                throw e;
            }
            throw usage(Harness.oneLine(e));
        }
    }

    private void refuse(String option, String why) {
        if (option != null) {
            throw usage(option + ": not with harness k8s: " + why);
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
