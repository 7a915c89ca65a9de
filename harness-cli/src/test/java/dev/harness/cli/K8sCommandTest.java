package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import picocli.CommandLine;

/**
 * harness k8s as a user runs it: run's options checked by run's code, then the manifests on
 * standard output, read back by Kubernetes's own model classes (fabric8's), unknown fields refused.
 */
class K8sCommandTest {
    static final Instant START = Instant.parse("2026-12-01T09:00:00Z");
    /** The manifests' writing, two minutes before the start. */
    static final Clock WRITTEN = Clock.fixed(START.minusSeconds(120), ZoneOffset.UTC);

    /** What deploy/kubernetes/harness.yaml is generated from (docs/how-to/kubernetes.md). */
    static final List<String> EXAMPLE = List.of("k8s", "--shards", "4", "--image", "registry.example/harness:0.1.0",
            "--start-at", START.toString(), "--url", "tcp://artemis:61616", "--user", "app", "--password-env",
            "BROKER_PASSWORD", "--rate", "20000", "--non-persistent", "--queues", "8", "--warmup", "30s", "--duration", "5m",
            "--slo", "response.p99 < 50ms", "--slo", "lost == 0", "--slo", "rate >= 0.98 * target per 10s");
    static final Path EXAMPLE_FILE = Path.of("..", "deploy", "kubernetes", "harness.yaml");
    static final Path GUIDE = Path.of("..", "docs", "how-to", "kubernetes.md");

    @TempDir
    Path dir;

    record Result(int exitCode, String stdout, String stderr) {
    }

    /** One command line through the harness's own CommandLine, its clock fixed, standard output caught. */
    static Result k8s(List<String> args) {
        CommandLine cl = Harness.commandLine();
        ((K8sCommand) cl.getSubcommands().get("k8s").getCommand()).clock = WRITTEN;
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        int code;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            code = cl.execute(args.toArray(String[]::new));
        } finally {
            System.setOut(stdout);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString());
    }

    @Test
    void theManifestsHoldTheRunAsKubernetesReadsThem() throws Exception {
        Result r = k8s(EXAMPLE);
        assertEquals(0, r.exitCode(), r::toString);
        List<HasMetadata> objects = parse(r.stdout());
        assertEquals(List.of("ConfigMap", "PersistentVolumeClaim", "Job", "Job"),
                objects.stream().map(HasMetadata::getKind).toList());

        ConfigMap config = (ConfigMap) objects.get(0);
        String runArgs = config.getData().get("run.args");
        assertTrue(runArgs.contains("\n--rate 20000\n--non-persistent\n--queues 8\n"), runArgs);
        assertTrue(runArgs.contains("\n--start-at 2026-12-01T09:00:00Z\n--shard auto/4\n"), runArgs);
        assertFalse(runArgs.contains("--slo"), "a shard does not judge its share: " + runArgs);
        assertTrue(config.getData().get("check.args").contains("--slo \"response.p99 < 50ms\"\n--slo \"lost == 0\"\n"
                + "--slo \"rate >= 0.98 * target per 10s\"\n"), config.getData()::toString);
        assertEquals(List.of("ReadWriteMany"), ((PersistentVolumeClaim) objects.get(1)).getSpec().getAccessModes());

        Job shards = (Job) objects.get(2);
        assertEquals("harness-shards", shards.getMetadata().getName());
        assertEquals("Indexed", shards.getSpec().getCompletionMode());
        assertEquals(4, shards.getSpec().getParallelism());
        assertEquals(4, shards.getSpec().getCompletions());
        assertEquals(0, shards.getSpec().getBackoffLimit(), "a restarted shard would break the schedule");
        PodSpec pod = shards.getSpec().getTemplate().getSpec();
        assertNonRoot(pod);
        assertEquals("kubernetes.io/hostname", pod.getTopologySpreadConstraints().get(0).getTopologyKey());
        assertEquals("DoNotSchedule", pod.getTopologySpreadConstraints().get(0).getWhenUnsatisfiable());
        Container shard = pod.getContainers().get(0);
        assertEquals("registry.example/harness:0.1.0", shard.getImage());
        assertEquals(shard.getResources().getRequests(), shard.getResources().getLimits(), "a Guaranteed pod, never throttled");
        assertEquals(Map.of("cpu", new Quantity("2"), "memory", new Quantity("2Gi")), shard.getResources().getLimits());
        assertEquals(List.of("run", "@/config/run.args", "--hlog", "/results/shard-$(JOB_COMPLETION_INDEX).hlog", "--json",
                "/results/shard-$(JOB_COMPLETION_INDEX).json"), shard.getArgs());
        assertEquals("BROKER_PASSWORD", shard.getEnv().get(1).getName());
        assertEquals("harness-password", shard.getEnv().get(1).getValueFrom().getSecretKeyRef().getName());
        assertEquals("harness-results", pod.getVolumes().get(1).getPersistentVolumeClaim().getClaimName());
        assertEquals("/results", shard.getVolumeMounts().get(1).getMountPath());
        // The start, the run's 30 s + 5 m + the drain, reconnect and write bounds (30 s each), 2 m of slack.
        assertEquals(120 + 30 + 300 + 90 + 120, shards.getSpec().getActiveDeadlineSeconds());

        Job merge = (Job) objects.get(3);
        assertEquals(0, merge.getSpec().getBackoffLimit());
        PodSpec mergePod = merge.getSpec().getTemplate().getSpec();
        assertNonRoot(mergePod);
        List<Container> init = mergePod.getInitContainers();
        assertEquals(List.of("wait-for-shards", "merge", "report"), init.stream().map(Container::getName).toList());
        assertEquals(List.of("merge", "/results/shard-0.hlog", "/results/shard-1.hlog", "/results/shard-2.hlog",
                "/results/shard-3.hlog", "--out", "/results/merged.hlog", "--json", "/results/shard-0.json", "--json",
                "/results/shard-1.json", "--json", "/results/shard-2.json", "--json", "/results/shard-3.json", "--json-out",
                "/results/merged.json"), init.get(1).getArgs());
        assertEquals(List.of("report", "/results/merged.hlog", "--json", "/results/merged.json", "--out",
                "/results/report.html"), init.get(2).getArgs());
        assertEquals(List.of("check", "/results/merged.hlog", "--json", "/results/merged.json", "@/config/check.args",
                "--junit", "/results/slo.xml"), mergePod.getContainers().get(0).getArgs());
        // The commands the merge Job runs are commands this harness parses.
        for (Container c : init.subList(1, init.size())) {
            Harness.commandLine().parseArgs(c.getArgs().toArray(String[]::new));
        }
    }

    private static void assertNonRoot(PodSpec pod) {
        assertTrue(pod.getSecurityContext().getRunAsNonRoot());
        assertEquals(10001L, pod.getSecurityContext().getRunAsUser());
        for (Container c : pod.getContainers()) {
            assertFalse(c.getSecurityContext().getAllowPrivilegeEscalation());
        }
    }

    @Test
    void outWritesTheFileInstead() throws Exception {
        List<String> args = new ArrayList<>(EXAMPLE);
        args.addAll(List.of("--name", "load", "--out", dir.toString()));
        Result r = k8s(args);
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("harness k8s: wrote " + dir.resolve("load.yaml") + "\n", r.stdout());
        assertEquals(4, parse(Files.readString(dir.resolve("load.yaml"))).size());
    }

    /**
     * The Kubernetes guide's harness k8s command is this example (its start aside, which the guide
     * leaves to --lead), so the guide and deploy/kubernetes show one run.
     */
    @Test
    void theGuidesExampleIsTheDeployExample() throws Exception {
        String guide = Files.readString(GUIDE);
        int from = guide.indexOf("./harness k8s --shards 4");
        int to = guide.indexOf("| kubectl apply", from);
        assertTrue(from >= 0 && to > from, GUIDE + "'s harness k8s example");
        List<String> words = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("'([^']*)'|(\\S+)")
                .matcher(guide.substring(from, to).replace("\\\n", " "));
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        List<String> example = new ArrayList<>(EXAMPLE);
        int start = example.indexOf("--start-at");
        example.subList(start, start + 2).clear();
        assertEquals(example, words.subList(1, words.size()), GUIDE + "'s harness k8s example");
    }

    /** deploy/kubernetes is what harness k8s writes; regenerated, the same text, so it cannot go stale. */
    @Test
    void theDeployExampleIsWhatTheCommandWrites() throws Exception {
        Result r = k8s(EXAMPLE);
        assertEquals(0, r.exitCode(), r::toString);
        if (Boolean.getBoolean("harness.k8s.writeExample")) {
            Files.writeString(EXAMPLE_FILE, r.stdout());
        }
        assertEquals(r.stdout(), Files.readString(EXAMPLE_FILE), EXAMPLE_FILE + " is stale: regenerate it with mvn -pl"
                + " harness-cli test -Dtest=K8sCommandTest -Dharness.k8s.writeExample=true");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "--queues 2; --queues: a run split into 4 shards needs a queue per shard",
        "--queues 4 --rate max; needs a fixed --rate",
        "--queues 4 --senders 0; --senders",
        "--queues 4 --bogus; Unknown option: '--bogus'",
        "--queues 4 --slo nonsense; --slo",
        "--queues 4 --hlog x.hlog; --hlog: not with harness k8s",
        "--queues 4 --shard 1/4; --shard: not with harness k8s",
        "--workload pubsub; --workload pubsub: not with harness k8s",
        "--queues 4 --slo-abort --slo lost==0; --slo-abort: not with harness k8s",
        "--queues 4 --user u --password-file p; --password-file: not with harness k8s",
        "--queues 4 --payload file:pom.xml; --payload file:: not with harness k8s",
        "--queues 4 --cpu two; --cpu",
        "--queues 4 --lead 1s; --lead",
        "--queues 4 --password-secret s; --password-secret",
    })
    void aBadOptionIsOneLineAndNothingIsWritten(String options, String expected) {
        List<String> args = new ArrayList<>(List.of("k8s", "--shards", "4", "--image", "img", "--url", "tcp://broker:61616"));
        args.addAll(List.of(options.split(" ")));
        Result r = k8s(args);
        assertEquals(2, r.exitCode(), r::toString);
        assertEquals("", r.stdout());
        String line = r.stderr().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("harness k8s: ") && line.contains(expected), line);
    }

    @Test
    void withoutUrlEachPodWouldRunItsOwnBroker() {
        Result r = k8s(List.of("k8s", "--shards", "2", "--image", "img", "--queues", "2"));
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.stderr().startsWith("harness k8s: --url: expected with harness k8s: the shards drive one broker that"
                + " they do not run; give its --url"), r::toString);
        assertFalse(r.stderr().contains("not with"), r::toString);
    }

    /**
     * The manifests as Kubernetes reads them: each document into the API's own class by its kind,
     * and nothing the model does not know (fabric8 keeps unknown fields aside, so they are looked for).
     */
    static List<HasMetadata> parse(String yaml) throws Exception {
        ObjectMapper mapper = new ObjectMapper(new YAMLFactory());
        List<HasMetadata> objects = new ArrayList<>();
        try (var docs = mapper.readerFor(JsonNode.class).<JsonNode>readValues(yaml)) {
            while (docs.hasNext()) {
                JsonNode doc = docs.next();
                if (doc == null || doc.isMissingNode() || doc.isEmpty()) {
                    continue;
                }
                Class<? extends HasMetadata> type = switch (doc.get("kind").asText()) {
                    case "ConfigMap" -> ConfigMap.class;
                    case "PersistentVolumeClaim" -> PersistentVolumeClaim.class;
                    case "Job" -> Job.class;
                    default -> throw new AssertionError("unexpected kind " + doc.get("kind"));
                };
                HasMetadata object = mapper.treeToValue(doc, type);
                assertNoUnknownFields(object, type.getSimpleName(), Collections.newSetFromMap(new IdentityHashMap<>()));
                objects.add(object);
            }
        }
        return objects;
    }

    private static void assertNoUnknownFields(Object o, String path, Set<Object> seen) throws Exception {
        if (o == null || !seen.add(o)) {
            return;
        }
        if (o instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                assertNoUnknownFields(l.get(i), path + "[" + i + "]", seen);
            }
            return;
        }
        if (o instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                assertNoUnknownFields(e.getValue(), path + "." + e.getKey(), seen);
            }
            return;
        }
        if (!o.getClass().getName().startsWith("io.fabric8.")) {
            return;
        }
        for (Method getter : o.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || !getter.getName().startsWith("get") || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            Object value = getter.invoke(o);
            if (getter.getName().equals("getAdditionalProperties")) {
                assertTrue(value == null || ((Map<?, ?>) value).isEmpty(), path + ": fields Kubernetes does not know: " + value);
            } else {
                assertNoUnknownFields(value, path + "." + getter.getName().substring(3), seen);
            }
        }
    }
}
