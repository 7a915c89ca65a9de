package dev.harness.core.k8s;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import dev.harness.core.SettingsException;

/**
 * One sharded run on Kubernetes ({@code harness k8s}): what the manifests need besides the run's
 * own options, which {@code harness run} has already checked.
 *
 * @param name the run's name: the ConfigMap and the prefix of the Jobs and of the claim
 * @param namespace the namespace of every object, or null for kubectl's current one
 * @param image the harness image, whose entrypoint is {@code harness}
 * @param shards N: pods of the Indexed Job, each running shard I of N
 * @param cpu each pod's CPU, requested and limited alike (a Kubernetes quantity: 2, 1500m)
 * @param memory each pod's memory, requested and limited alike (2Gi)
 * @param claim the ReadWriteMany PersistentVolumeClaim the shards write to and the merge reads
 * @param storage the claim's size
 * @param storageClass the claim's storage class, or null for the cluster's default
 * @param start when message 0 of the schedule is due, for every shard
 * @param runBoundNs how long after the start every shard has finished, at the latest
 * @param runOptions harness run options of every shard, as tokens (no --start-at, --shard or outputs)
 * @param objectives the run's --slo objectives, judged once on the merged shards
 * @param passwordEnv the variable --password-env names, filled from the secret; or null
 * @param passwordSecret the Secret whose key {@value #PASSWORD_KEY} holds the password
 */
public record K8sSettings(String name, String namespace, String image, int shards, String cpu, String memory,
        String claim, String storage, String storageClass, Instant start, long runBoundNs, List<String> runOptions,
        List<String> objectives, String passwordEnv, String passwordSecret) {

    public static final String DEFAULT_NAME = "harness";
    /** Whole CPUs: with requests equal to limits the pod is Guaranteed, and the static CPU manager can pin it. */
    public static final String DEFAULT_CPU = "2";
    public static final String DEFAULT_MEMORY = "2Gi";
    public static final String DEFAULT_STORAGE = "1Gi";
    /** Time for the pods to be scheduled and the image pulled before message 0 is due. */
    public static final long DEFAULT_LEAD_NS = TimeUnit.MINUTES.toNanos(2);
    public static final String PASSWORD_KEY = "password";
    /** Enough for a whole Indexed Job's container args to list every shard's files. */
    public static final int MAX_SHARDS = 1000;

    /** A DNS-1123 label, short enough for the suffixes the objects get (-shards, -results ...). */
    private static final Pattern NAME = Pattern.compile("[a-z0-9]([-a-z0-9]{0,38}[a-z0-9])?");
    /** A DNS-1123 subdomain: what a claim or a Secret may be called. */
    private static final Pattern SUBDOMAIN = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?");
    private static final Pattern CPU = Pattern.compile("[0-9]+(\\.[0-9]+)?m?");
    private static final Pattern BYTES = Pattern.compile("[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|Pi|k|M|G|T|P)?");

    public K8sSettings {
        SettingsException.require(NAME.matcher(name).matches(), "--name",
                "expected a DNS label of at most 40 characters (a-z, 0-9, '-'), got '" + name + "'");
        SettingsException.require(namespace == null || NAME.matcher(namespace).matches(), "--namespace",
                "expected a DNS label (a-z, 0-9, '-'), got '" + namespace + "'");
        SettingsException.require(!image.isBlank() && image.chars().noneMatch(Character::isWhitespace), "--image",
                "expected an image reference such as registry.example/harness:0.1.0, got '" + image + "'");
        SettingsException.require(shards >= 1 && shards <= MAX_SHARDS, "--shards",
                "expected 1 to " + MAX_SHARDS + " pods, got " + shards);
        SettingsException.require(CPU.matcher(cpu).matches() && !cpu.matches("0+(\\.0+)?m?"), "--cpu",
                "expected a Kubernetes CPU quantity such as 2 or 1500m, got '" + cpu + "'");
        SettingsException.require(BYTES.matcher(memory).matches(), "--memory",
                "expected a Kubernetes memory quantity such as 2Gi or 512Mi, got '" + memory + "'");
        SettingsException.require(SUBDOMAIN.matcher(claim).matches(),
                "--claim", "expected a claim's name (a-z, 0-9, '-', '.'), got '" + claim + "'");
        SettingsException.require(BYTES.matcher(storage).matches(), "--storage",
                "expected a Kubernetes quantity such as 1Gi, got '" + storage + "'");
        SettingsException.require(storageClass == null || SUBDOMAIN.matcher(storageClass).matches(),
                "--storage-class", "expected a storage class name, got '" + storageClass + "'");
        SettingsException.require(passwordEnv == null || passwordEnv.matches("[A-Za-z_][A-Za-z0-9_]*"), "--password-env",
                "expected an environment variable name, got '" + passwordEnv + "'");
        SettingsException.require(passwordSecret == null || SUBDOMAIN.matcher(passwordSecret).matches(), "--password-secret",
                "expected a Secret's name, got '" + passwordSecret + "'");
        runOptions = List.copyOf(runOptions);
        objectives = List.copyOf(objectives);
    }

    /**
     * The settings from options a user may leave out (null): name {@value #DEFAULT_NAME}, {@value
     * #DEFAULT_CPU} CPUs and {@value #DEFAULT_MEMORY} a pod, a claim NAME-results of {@value
     * #DEFAULT_STORAGE}, the password (if any) from the Secret NAME-password.
     */
    public static K8sSettings of(String name, String namespace, String image, int shards, String cpu, String memory,
            String claim, String storage, String storageClass, Instant start, long runBoundNs, List<String> runOptions,
            List<String> objectives, String passwordEnv, String passwordSecret) {
        String n = name == null ? DEFAULT_NAME : name;
        return new K8sSettings(n, namespace, image, shards, cpu == null ? DEFAULT_CPU : cpu,
                memory == null ? DEFAULT_MEMORY : memory, claim == null ? n + "-results" : claim,
                storage == null ? DEFAULT_STORAGE : storage, storageClass, start, runBoundNs, runOptions, objectives,
                passwordEnv, passwordEnv == null ? null : passwordSecret == null ? n + "-password" : passwordSecret);
    }

    /**
     * The schedule's start: the one --start-at gave (already resolved), or now plus the lead, so
     * that the manifests carry one instant for every pod, whenever each is started.
     */
    public static Instant start(Instant startAt, Long leadNs, Clock clock) {
        if (startAt != null) {
            SettingsException.require(leadNs == null, "--lead", "not with --start-at, which gives the start itself");
            return startAt;
        }
        long lead = leadNs == null ? DEFAULT_LEAD_NS : leadNs;
        SettingsException.require(lead >= TimeUnit.SECONDS.toNanos(10) && lead <= TimeUnit.HOURS.toNanos(12), "--lead",
                "expected 10s to 12h, time enough to schedule the pods and pull the image");
        // Whole seconds: the instant is read by people in the manifests and in the shards' headers.
        return Instant.ofEpochSecond(clock.instant().plusNanos(lead).getEpochSecond() + 1);
    }
}
