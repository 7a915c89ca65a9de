package dev.harness.core.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import dev.harness.core.SettingsException;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;

class ManifestsTest {
    static final Instant START = Instant.parse("2026-11-21T14:30:00Z");
    static final Instant WRITTEN = START.minusSeconds(120);

    static K8sSettings settings(int shards, List<String> objectives) {
        return K8sSettings.of("load", null, "registry.example/harness:0.1.0", shards, null, "3Gi", null, null, "nfs",
                START, TimeUnit.SECONDS.toNanos(95), List.of("--url", "tcp://broker:61616", "--rate", "4000", "--queues", "4",
                        "--user", "app", "--password-env", "BROKER_PASSWORD", "--non-persistent"),
                objectives, "BROKER_PASSWORD", null);
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
                assertNoUnknownFields(object, type.getSimpleName(), java.util.Collections.newSetFromMap(new IdentityHashMap<>()));
                objects.add(object);
            }
        }
        return objects;
    }

    /** Every fabric8 object's additionalProperties are the fields its class does not know: none allowed. */
    static void assertNoUnknownFields(Object o, String path, Set<Object> seen) throws Exception {
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

    static <T> T only(List<HasMetadata> objects, Class<T> type, String name) {
        return objects.stream().filter(type::isInstance).map(type::cast)
                .filter(o -> ((HasMetadata) o).getMetadata().getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " " + name));
    }

    @Test
    void theObjectsAreKubernetesOwnAndHoldTheRun() throws Exception {
        K8sSettings s = settings(4, List.of("response.p99 < 50ms", "lost == 0", "rate >= 0.98 * target per 10s"));
        List<HasMetadata> objects = parse(Manifests.yaml(s, WRITTEN));
        assertEquals(4, objects.size());

        ConfigMap config = only(objects, ConfigMap.class, "load");
        String runArgs = config.getData().get(Manifests.RUN_ARGS);
        assertTrue(runArgs.contains("--rate 4000\n"), runArgs);
        assertTrue(runArgs.contains("--start-at 2026-11-21T14:30:00Z\n"), runArgs);
        assertTrue(runArgs.contains("--shard auto/4\n"), runArgs);
        assertFalse(runArgs.contains("\n--slo"), "a shard does not judge its share: " + runArgs);
        String checkArgs = config.getData().get(Manifests.CHECK_ARGS);
        assertTrue(checkArgs.contains("--slo \"response.p99 < 50ms\"\n--slo \"lost == 0\"\n"
                + "--slo \"rate >= 0.98 * target per 10s\"\n"), checkArgs);
        assertTrue(config.getData().get(Manifests.WAIT_SCRIPT).contains("n=4\n"));

        PersistentVolumeClaim claim = only(objects, PersistentVolumeClaim.class, "load-results");
        assertEquals(List.of("ReadWriteMany"), claim.getSpec().getAccessModes());
        assertEquals("nfs", claim.getSpec().getStorageClassName());
        assertEquals(new Quantity("1Gi"), claim.getSpec().getResources().getRequests().get("storage"));

        Job shards = only(objects, Job.class, "load-shards");
        assertEquals("Indexed", shards.getSpec().getCompletionMode());
        assertEquals(4, shards.getSpec().getParallelism());
        assertEquals(4, shards.getSpec().getCompletions());
        assertEquals(0, shards.getSpec().getBackoffLimit());
        assertEquals(120 + 95 + 120, shards.getSpec().getActiveDeadlineSeconds());
        PodSpec pod = shards.getSpec().getTemplate().getSpec();
        assertEquals("Never", pod.getRestartPolicy());
        assertTrue(pod.getSecurityContext().getRunAsNonRoot());
        Container shard = pod.getContainers().get(0);
        assertEquals("registry.example/harness:0.1.0", shard.getImage());
        assertTrue(shard.getCommand().isEmpty(), "the image's entrypoint is harness");
        assertEquals(List.of("run", "@/config/run.args", "--hlog", "/results/shard-$(JOB_COMPLETION_INDEX).hlog",
                "--json", "/results/shard-$(JOB_COMPLETION_INDEX).json"), shard.getArgs());
        assertEquals("metadata.annotations['batch.kubernetes.io/job-completion-index']",
                shard.getEnv().get(0).getValueFrom().getFieldRef().getFieldPath());
        assertEquals("JOB_COMPLETION_INDEX", shard.getEnv().get(0).getName());
        assertEquals("BROKER_PASSWORD", shard.getEnv().get(1).getName());
        assertEquals("load-password", shard.getEnv().get(1).getValueFrom().getSecretKeyRef().getName());
        assertEquals(shard.getResources().getRequests(), shard.getResources().getLimits());
        assertEquals(Map.of("cpu", new Quantity("2"), "memory", new Quantity("3Gi")), shard.getResources().getLimits());
        TopologySpreadConstraint spread = pod.getTopologySpreadConstraints().get(0);
        assertEquals("kubernetes.io/hostname", spread.getTopologyKey());
        assertEquals(1, spread.getMaxSkew());
        assertEquals("DoNotSchedule", spread.getWhenUnsatisfiable());
        assertEquals(shards.getSpec().getTemplate().getMetadata().getLabels(), spread.getLabelSelector().getMatchLabels());
        assertMounts(s, shard.getVolumeMounts());
        assertEquals("load", pod.getVolumes().get(0).getConfigMap().getName());
        assertEquals("load-results", pod.getVolumes().get(1).getPersistentVolumeClaim().getClaimName());

        Job merge = only(objects, Job.class, "load-merge");
        assertEquals(0, merge.getSpec().getBackoffLimit());
        PodSpec mergePod = merge.getSpec().getTemplate().getSpec();
        List<Container> init = mergePod.getInitContainers();
        assertEquals(List.of("wait-for-shards", "merge", "report"), init.stream().map(Container::getName).toList());
        assertEquals(List.of("sh", "/config/wait-for-shards.sh"), init.get(0).getCommand());
        assertEquals(List.of("merge", "/results/shard-0.hlog", "/results/shard-1.hlog", "/results/shard-2.hlog",
                "/results/shard-3.hlog", "--out", "/results/merged.hlog", "--json", "/results/shard-0.json", "--json",
                "/results/shard-1.json", "--json", "/results/shard-2.json", "--json", "/results/shard-3.json",
                "--json-out", "/results/merged.json"), init.get(1).getArgs());
        assertEquals(List.of("report", "/results/merged.hlog", "--json", "/results/merged.json", "--out",
                "/results/report.html"), init.get(2).getArgs());
        Container check = mergePod.getContainers().get(0);
        assertEquals(List.of("check", "/results/merged.hlog", "--json", "/results/merged.json", "@/config/check.args",
                "--junit", "/results/slo.xml"), check.getArgs());
        for (Container c : init) {
            assertMounts(s, c.getVolumeMounts());
        }
        assertMounts(s, check.getVolumeMounts());
    }

    static void assertMounts(K8sSettings s, List<VolumeMount> mounts) {
        assertEquals("/config", mounts.get(0).getMountPath());
        assertTrue(mounts.get(0).getReadOnly());
        assertEquals("/results", mounts.get(1).getMountPath());
        assertEquals("runs/load-20261121T143000Z", mounts.get(1).getSubPath());
        assertEquals(Manifests.runDirectory(s), mounts.get(1).getSubPath());
    }

    @Test
    void aFieldKubernetesDoesNotKnowFailsTheParse() {
        String yaml = Manifests.yaml(settings(2, List.of()), WRITTEN);
        assertTrue(yaml.contains("  backoffLimit: 0\n"));
        assertThrows(org.opentest4j.AssertionFailedError.class, () -> parse(yaml.replace("  backoffLimit: 0\n",
                "  backofLimit: 0\n")));
    }

    @Test
    void withoutObjectivesTheMergeEndsWithTheReport() throws Exception {
        List<HasMetadata> objects = parse(Manifests.yaml(settings(2, List.of()), WRITTEN));
        PodSpec pod = only(objects, Job.class, "load-merge").getSpec().getTemplate().getSpec();
        assertEquals(List.of("wait-for-shards", "merge"), pod.getInitContainers().stream().map(Container::getName).toList());
        assertEquals("report", pod.getContainers().get(0).getName());
    }

    @Test
    void oneShardIsReportedWithoutAMerge() throws Exception {
        List<HasMetadata> objects = parse(Manifests.yaml(settings(1, List.of("lost == 0")), WRITTEN));
        PodSpec pod = only(objects, Job.class, "load-merge").getSpec().getTemplate().getSpec();
        assertEquals(List.of("wait-for-shards", "report"), pod.getInitContainers().stream().map(Container::getName).toList());
        assertEquals(List.of("check", "/results/shard-0.hlog", "--json", "/results/shard-0.json", "@/config/check.args",
                "--junit", "/results/slo.xml"), pod.getContainers().get(0).getArgs());
    }

    @Test
    void argsFileQuotesWhatPicocliWouldSplitOrExpand() {
        assertEquals("# c\n--slo \"a < 1ms\"\n--x \"@y\" \"\" \"q\\\"\\\\\" \"#z\"\n",
                ArgsFile.text("c", List.of("--slo", "a < 1ms", "--x", "@y", "", "q\"\\", "#z")));
    }

    @Test
    void yamlQuotesWhatItCouldMistake() {
        assertEquals("a", Yaml.scalar("a"));
        assertEquals("\"2\"", Yaml.scalar("2"));
        assertEquals("\"yes\"", Yaml.scalar("yes"));
        assertEquals("\"a: b\"", Yaml.scalar("a: b"));
        assertEquals("\"@/config/run.args\"", Yaml.scalar("@/config/run.args"));
        assertEquals("3", Yaml.scalar(3));
    }

    @Test
    void theStartIsOneInstantAhead() {
        Clock clock = Clock.fixed(Instant.parse("2026-11-21T14:00:00.400Z"), ZoneOffset.UTC);
        assertEquals(Instant.parse("2026-11-21T14:02:01Z"), K8sSettings.start(null, null, clock));
        assertEquals(START, K8sSettings.start(START, null, clock));
        assertEquals("--lead: not with --start-at, which gives the start itself",
                assertThrows(SettingsException.class, () -> K8sSettings.start(START, 1L, clock)).getMessage());
        assertEquals("--lead", assertThrows(SettingsException.class,
                () -> K8sSettings.start(null, TimeUnit.SECONDS.toNanos(1), clock)).option());
    }

    @Test
    void badSettingsNameTheirOption() {
        assertEquals("--cpu", assertThrows(SettingsException.class, () -> K8sSettings.of("load", null, "img", 2, "two",
                null, null, null, null, START, 1, List.of(), List.of(), null, null)).option());
        assertEquals("--name", assertThrows(SettingsException.class, () -> K8sSettings.of("Load_1", null, "img", 2, null,
                null, null, null, null, START, 1, List.of(), List.of(), null, null)).option());
        assertEquals("--shards", assertThrows(SettingsException.class, () -> K8sSettings.of(null, null, "img", 0, null,
                null, null, null, null, START, 1, List.of(), List.of(), null, null)).option());
        assertEquals("--image", assertThrows(SettingsException.class, () -> K8sSettings.of(null, null, "a b", 2, null,
                null, null, null, null, START, 1, List.of(), List.of(), null, null)).option());
        assertEquals("--memory", assertThrows(SettingsException.class, () -> K8sSettings.of(null, null, "img", 2, null,
                "2GB", null, null, null, START, 1, List.of(), List.of(), null, null)).option());
    }
}
