package dev.harness.core.k8s;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * The Kubernetes objects of one sharded run, as YAML for {@code kubectl apply}: a ConfigMap with
 * the run's options, the claim the shards write to, an Indexed Job of the N shards and a Job that
 * waits for them, merges their logs, writes the report and judges the run's objectives.
 */
public final class Manifests {
    public static final String CONFIG_DIR = "/config";
    public static final String RESULTS_DIR = "/results";
    public static final String RUN_ARGS = "run.args";
    public static final String CHECK_ARGS = "check.args";
    public static final String WAIT_SCRIPT = "wait-for-shards.sh";
    /** The image's user (deploy/docker/Dockerfile, Jib's profile); the group that may write the claim. */
    public static final int IMAGE_UID = 10001;
    /** How long past the shards' latest end the merge waits for their files. */
    static final long WAIT_SLACK_NS = TimeUnit.MINUTES.toNanos(2);
    /** Set by Kubernetes in every pod of an Indexed Job; given explicitly so that args can name it. */
    static final String INDEX = "JOB_COMPLETION_INDEX";

    private static final DateTimeFormatter COMPACT = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private Manifests() {
    }

    /** Every object, one YAML document each, in the order kubectl should create them. */
    public static String yaml(K8sSettings s, Instant now) {
        StringBuilder out = new StringBuilder(header(s, now));
        for (Map<String, Object> object : List.of(configMap(s), claim(s), shardJob(s, now), mergeJob(s))) {
            out.append("---\n").append(Yaml.document(object));
        }
        return out.toString();
    }

    /** The run's directory in the claim: one per start, so that no run reads another's files. */
    public static String runDirectory(K8sSettings s) {
        return "runs/" + s.name() + "-" + COMPACT.format(s.start());
    }

    /** The shards' options: the run's, its one start, and the shard from each pod's index. */
    public static String runArgs(K8sSettings s) {
        List<String> tokens = new ArrayList<>(s.runOptions());
        tokens.addAll(List.of("--start-at", s.start().toString(), "--shard", "auto/" + s.shards()));
        return ArgsFile.text("harness run options of every shard (harness k8s " + s.name() + "); each pod reads them as @"
                + CONFIG_DIR + "/" + RUN_ARGS + ".\nThe objectives are in " + CHECK_ARGS
                + ": judged once, on the shards merged, not on each shard's share.", tokens);
    }

    /** The run's objectives, for harness check of the merged shards. */
    public static String checkArgs(K8sSettings s) {
        List<String> tokens = new ArrayList<>();
        s.objectives().forEach(o -> tokens.addAll(List.of("--slo", o)));
        return ArgsFile.text("harness check options of the merged shards (harness k8s " + s.name() + ")", tokens);
    }

    /** When the merge gives up waiting for the shards' files. */
    public static Instant waitDeadline(K8sSettings s) {
        return s.start().plusNanos(s.runBoundNs() + WAIT_SLACK_NS);
    }

    static String waitScript(K8sSettings s) {
        Instant deadline = waitDeadline(s);
        return String.join("\n",
                "# Waits for the " + s.shards() + " shards of this run: each writes its JSON last, in one write that ends",
                "# in a newline, so a JSON file whose last byte is a newline is a shard that finished.",
                "# Bounded: gives up at " + deadline + " (the start, the shards' latest end, 2 minutes).",
                "n=" + s.shards(),
                "deadline=" + deadline.getEpochSecond(),
                "while :; do",
                "  missing=\"\"",
                "  i=0",
                "  while [ \"$i\" -lt \"$n\" ]; do",
                "    f=\"" + RESULTS_DIR + "/shard-$i.json\"",
                "    if [ ! -s \"$f\" ] || [ -n \"$(tail -c 1 \"$f\")\" ]; then missing=\"$missing $i\"; fi",
                "    i=$((i + 1))",
                "  done",
                "  if [ -z \"$missing\" ]; then echo \"harness k8s: all $n shards finished\"; exit 0; fi",
                "  if [ \"$(date +%s)\" -ge \"$deadline\" ]; then",
                "    echo \"harness k8s: shards not finished by " + deadline + ":$missing (kubectl logs job/"
                        + shardJobName(s) + ")\" >&2",
                "    exit 1",
                "  fi",
                "  sleep 5",
                "done",
                "");
    }

    public static String shardJobName(K8sSettings s) {
        return s.name() + "-shards";
    }

    public static String mergeJobName(K8sSettings s) {
        return s.name() + "-merge";
    }

    private static String header(K8sSettings s, Instant now) {
        String dir = runDirectory(s);
        return String.join("\n",
                "# harness k8s: " + s.shards() + " shard(s) of one schedule, message 0 due at " + s.start() + ".",
                "# Apply it before then, early enough for the pods to be scheduled and the image pulled:",
                "#   kubectl apply -f FILE      (or: harness k8s ... | kubectl apply -f -)",
                "#   kubectl wait --for=condition=complete --timeout=" + waitSeconds(s, now) + "s job/" + mergeJobName(s),
                "#   kubectl logs job/" + mergeJobName(s) + " -c " + (s.objectives().isEmpty() ? "report" : "check"),
                "# Results in the claim " + s.claim() + ", directory " + dir + ": shard-I.hlog and shard-I.json,",
                "# merged.hlog, merged.json, report.html" + (s.objectives().isEmpty() ? "" : ", slo.xml (JUnit)") + ".",
                "");
    }

    /** From now (when the manifests are written) to the merge's deadline, and 10 minutes to merge and report. */
    private static long waitSeconds(K8sSettings s, Instant now) {
        return Math.max(0, waitDeadline(s).getEpochSecond() - now.getEpochSecond()) + 600;
    }

    private static Map<String, Object> configMap(K8sSettings s) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put(RUN_ARGS, new Yaml.Block(runArgs(s)));
        data.put(CHECK_ARGS, new Yaml.Block(checkArgs(s)));
        data.put(WAIT_SCRIPT, new Yaml.Block(waitScript(s)));
        Map<String, Object> m = object("v1", "ConfigMap", s.name(), s, labels(s, null));
        m.put("data", data);
        return m;
    }

    private static Map<String, Object> claim(K8sSettings s) {
        Map<String, Object> spec = new LinkedHashMap<>();
        // Every shard's pod writes its files, on whatever node it runs.
        spec.put("accessModes", List.of("ReadWriteMany"));
        if (s.storageClass() != null) {
            spec.put("storageClassName", s.storageClass());
        }
        spec.put("resources", Map.of("requests", Map.of("storage", s.storage())));
        Map<String, Object> m = object("v1", "PersistentVolumeClaim", s.claim(), s, labels(s, null));
        m.put("spec", spec);
        return m;
    }

    private static Map<String, Object> shardJob(K8sSettings s, Instant now) {
        Map<String, String> labels = labels(s, "shard");
        String index = "$(" + INDEX + ")"; // expanded by Kubernetes in args: no shell in the pod
        List<String> args = List.of("run", "@" + CONFIG_DIR + "/" + RUN_ARGS,
                "--hlog", RESULTS_DIR + "/shard-" + index + ".hlog", "--json", RESULTS_DIR + "/shard-" + index + ".json");
        List<Object> env = new ArrayList<>();
        env.add(map("name", INDEX, "valueFrom", Map.of("fieldRef",
                Map.of("fieldPath", "metadata.annotations['batch.kubernetes.io/job-completion-index']"))));
        if (s.passwordEnv() != null) {
            env.add(map("name", s.passwordEnv(), "valueFrom", Map.of("secretKeyRef",
                    map("name", s.passwordSecret(), "key", K8sSettings.PASSWORD_KEY))));
        }
        Map<String, Object> container = container("shard", s, args);
        container.put("env", env);
        // Requests equal to limits: a Guaranteed pod, never CPU-throttled, which would itself be a source of pauses.
        Map<String, String> quantities = map("cpu", s.cpu(), "memory", s.memory());
        container.put("resources", map("requests", quantities, "limits", quantities));
        container.put("volumeMounts", mounts(s));

        Map<String, Object> pod = pod(s, container);
        // Shards spread evenly over the nodes: load from one host is what sharding is for.
        pod.put("topologySpreadConstraints", List.of(map("maxSkew", 1, "topologyKey", "kubernetes.io/hostname",
                "whenUnsatisfiable", "DoNotSchedule", "labelSelector", Map.of("matchLabels", labels))));
        pod.put("volumes", volumes(s));

        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("completionMode", "Indexed");
        spec.put("completions", s.shards());
        spec.put("parallelism", s.shards());
        // A restarted shard would start its part of the schedule late (or refuse a --start-at gone by): none.
        spec.put("backoffLimit", 0);
        // Applied at the latest at the start (a later shard refuses it), a shard has ended by the bound.
        spec.put("activeDeadlineSeconds", Math.max(1, waitDeadline(s).getEpochSecond() - now.getEpochSecond()));
        spec.put("template", map("metadata", Map.of("labels", labels), "spec", pod));
        Map<String, Object> m = object("batch/v1", "Job", shardJobName(s), s, labels);
        m.put("spec", spec);
        return m;
    }

    private static Map<String, Object> mergeJob(K8sSettings s) {
        Map<String, String> labels = labels(s, "merge");
        List<String> hlogs = files(s, ".hlog");
        List<String> jsons = files(s, ".json");
        String merged = s.shards() == 1 ? hlogs.get(0) : RESULTS_DIR + "/merged.hlog";
        String mergedJson = s.shards() == 1 ? jsons.get(0) : RESULTS_DIR + "/merged.json";
        List<Object> steps = new ArrayList<>();
        Map<String, Object> wait = container("wait-for-shards", s, null);
        wait.put("command", List.of("sh", CONFIG_DIR + "/" + WAIT_SCRIPT));
        wait.put("resources", map("requests", map("cpu", "10m", "memory", "32Mi"), "limits", Map.of("memory", "64Mi")));
        steps.add(wait);
        if (s.shards() > 1) {
            List<String> args = new ArrayList<>(List.of("merge"));
            args.addAll(hlogs);
            args.addAll(List.of("--out", merged));
            jsons.forEach(json -> args.addAll(List.of("--json", json)));
            args.addAll(List.of("--json-out", mergedJson));
            steps.add(container("merge", s, args));
        }
        steps.add(container("report", s, List.of("report", merged, "--json", mergedJson, "--out",
                RESULTS_DIR + "/report.html")));
        if (!s.objectives().isEmpty()) {
            List<String> args = new ArrayList<>(List.of("check", merged, "--json", mergedJson));
            args.addAll(List.of("@" + CONFIG_DIR + "/" + CHECK_ARGS, "--junit", RESULTS_DIR + "/slo.xml"));
            steps.add(container("check", s, args));
        }
        for (Object step : steps) {
            Map<String, Object> c = cast(step);
            c.putIfAbsent("resources", map("requests", map("cpu", "250m", "memory", s.memory()),
                    "limits", Map.of("memory", s.memory())));
            c.put("volumeMounts", mounts(s));
        }
        // In order, each after the one before succeeded; the last one's exit code is the Job's verdict.
        Map<String, Object> pod = pod(s, steps.get(steps.size() - 1));
        pod.put("initContainers", steps.subList(0, steps.size() - 1));
        pod.put("volumes", volumes(s));

        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("backoffLimit", 0);
        spec.put("template", map("metadata", Map.of("labels", labels), "spec", pod));
        Map<String, Object> m = object("batch/v1", "Job", mergeJobName(s), s, labels);
        m.put("spec", spec);
        return m;
    }

    private static List<String> files(K8sSettings s, String suffix) {
        return IntStream.range(0, s.shards()).mapToObj(i -> RESULTS_DIR + "/shard-" + i + suffix).toList();
    }

    private static Map<String, Object> pod(K8sSettings s, Object container) {
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("restartPolicy", "Never");
        // The image's user; the claim's files writable by its group where the volume supports fsGroup.
        pod.put("securityContext", map("runAsNonRoot", true, "runAsUser", IMAGE_UID, "runAsGroup", IMAGE_UID,
                "fsGroup", IMAGE_UID));
        pod.put("containers", List.of(container));
        return pod;
    }

    private static Map<String, Object> container(String name, K8sSettings s, List<String> args) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("name", name);
        c.put("image", s.image());
        if (args != null) {
            c.put("args", args);
        }
        c.put("securityContext", Map.of("allowPrivilegeEscalation", false));
        return c;
    }

    private static List<Object> mounts(K8sSettings s) {
        return List.of(map("name", "config", "mountPath", CONFIG_DIR, "readOnly", true),
                // The run's own directory of the claim, created by the kubelet: shard and merge see the same files.
                map("name", "results", "mountPath", RESULTS_DIR, "subPath", runDirectory(s)));
    }

    private static List<Object> volumes(K8sSettings s) {
        return List.of(map("name", "config", "configMap", Map.of("name", s.name())),
                map("name", "results", "persistentVolumeClaim", Map.of("claimName", s.claim())));
    }

    private static Map<String, String> labels(K8sSettings s, String component) {
        Map<String, String> l = new LinkedHashMap<>();
        l.put("app.kubernetes.io/name", "harness");
        l.put("app.kubernetes.io/instance", s.name());
        if (component != null) {
            l.put("app.kubernetes.io/component", component);
        }
        return l;
    }

    private static Map<String, Object> object(String apiVersion, String kind, String name, K8sSettings s,
            Map<String, String> labels) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", name);
        if (s.namespace() != null) {
            metadata.put("namespace", s.namespace());
        }
        metadata.put("labels", labels);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apiVersion", apiVersion);
        m.put("kind", kind);
        m.put("metadata", metadata);
        return m;
    }

    /** An ordered map of key, value pairs: the YAML keeps the order. */
    @SuppressWarnings("unchecked")
    private static <V> Map<String, V> map(Object... keysAndValues) {
        Map<String, V> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], (V) keysAndValues[i + 1]);
        }
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object o) {
        return (Map<String, Object>) o;
    }
}
