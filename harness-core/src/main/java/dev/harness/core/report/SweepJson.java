package dev.harness.core.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.harness.core.JsonWriter;
import dev.harness.core.SettingsException;
import dev.harness.core.study.Knee;
import dev.harness.core.study.SweepResult;
import dev.harness.core.study.SweepStep;

/**
 * A sweep's JSON, written and read by this one codec (schema {@value #SCHEMA}): every step with its
 * figures, the knee and its rule. Latencies are in ns, rates per second.
 */
public final class SweepJson {
    public static final String SCHEMA = "harness-sweep/1";
    /**
     * A sweep of requester counts, whose steps' targets are no rates: a harness that knows only
     * {@link #SCHEMA} refuses it rather than draw the counts as rates.
     */
    public static final String SCHEMA_REQUESTERS = "harness-sweep/2";

    private SweepJson() {
    }

    public static String text(SweepResult r) {
        JsonWriter j = new JsonWriter().beginObject();
        j.field("schema", SweepResult.BY_REQUESTERS.equals(r.sweptBy()) ? SCHEMA_REQUESTERS : SCHEMA).field("label", r.label()).field("options", r.options()).field("target", r.target())
                .field("unit", r.unit()).field("sweptBy", r.sweptBy()).field("shards", r.shards()).field("started", r.started()).field("machine", r.machine());
        j.name("capacity");
        if (r.capacity() == null) {
            j.value((String) null);
        } else {
            step(j, r.capacity());
        }
        j.name("maxP99Ns");
        if (r.maxP99Ns() == null) {
            j.value((String) null);
        } else {
            j.value(r.maxP99Ns().longValue());
        }
        j.name("steps").beginArray();
        r.steps().forEach(s -> step(j, s));
        j.endArray();
        SweepStep knee = r.knee();
        j.name("knee").beginObject().field("rule", Knee.RULE).name("target");
        if (knee == null) {
            j.value((String) null);
        } else {
            j.value(knee.target());
        }
        j.endObject();
        j.field("ended", r.ended()).field("interrupted", r.interrupted());
        return j.endObject().toString() + "\n";
    }

    public static void write(Path file, SweepResult r) throws IOException {
        Files.writeString(file, text(r), StandardCharsets.UTF_8);
    }

    private static void step(JsonWriter j, SweepStep s) {
        j.beginObject().field("target", s.target()).field("achieved", s.achieved()).field("valid", s.valid());
        j.name("reasons").beginArray();
        s.reasons().forEach(j::value);
        j.endArray();
        latency(j, "response", s.response());
        latency(j, "service", s.service());
        j.field("sendLagP99Ns", s.sendLagP99Ns()).field("cpuMsPerMessage", s.cpuMsPerMessage())
                .field("hostQueue", s.hostQueue()).field("stopped", s.stopped()).field("hlog", s.hlog());
        j.endObject();
    }

    private static void latency(JsonWriter j, String name, SweepStep.Latency l) {
        j.name(name).beginObject().field("count", l.count()).field("p50", l.p50()).field("p99", l.p99()).field("p999", l.p999())
                .field("max", l.max()).endObject();
    }

    /** Reads a sweep's --json; a bad one is one line naming the option and the file. */
    public static SweepResult read(String option, Path file) {
        String where = option + " " + file;
        JsonNode root = RunJson.tree(where, file);
        if (root == null || !isSweep(root)) {
            throw new SettingsException(where, "expected the --json of a harness sweep (schema " + SCHEMA + ")");
        }
        List<SweepStep> steps = new ArrayList<>();
        root.path("steps").forEach(s -> steps.add(step(s)));
        JsonNode capacity = root.path("capacity");
        return new SweepResult(root.path("label").asText(), root.path("options").asText(), root.path("target").asText(),
                root.path("unit").asText(), root.path("started").asText(), root.path("machine").asText(),
                capacity.isObject() ? step(capacity) : null,
                root.path("maxP99Ns").isNumber() ? Long.valueOf(root.path("maxP99Ns").asLong()) : null, steps, text(root, "ended"),
                root.path("interrupted").asBoolean(), sweptBy(where, root), shards(where, root));
    }

    /** The processes each step ran as; a file written before --shards ran each in the sweep's own. */
    private static int shards(String where, JsonNode root) {
        int n = root.path("shards").asInt(1);
        if (n < 1) {
            throw new SettingsException(where, "shards: expected 1 or more, got " + root.path("shards").asText());
        }
        return n;
    }

    /** What the steps' targets are; a file written before sweeps of requester counts swept rates. */
    private static String sweptBy(String where, JsonNode root) {
        String by = root.path("sweptBy").asText(SweepResult.BY_RATE);
        if (!by.equals(SweepResult.BY_RATE) && !by.equals(SweepResult.BY_REQUESTERS)) {
            throw new SettingsException(where, "sweptBy: expected " + SweepResult.BY_RATE + " or " + SweepResult.BY_REQUESTERS
                    + ", got '" + by + "'");
        }
        return by;
    }

    private static boolean isSweep(JsonNode root) {
        String schema = root.path("schema").asText();
        return SCHEMA.equals(schema) || SCHEMA_REQUESTERS.equals(schema);
    }

    /** Whether a file is a sweep's JSON: its schema, read without failing on anything else. */
    public static boolean is(Path file) {
        try {
            JsonNode root = RunJson.tree("", file);
            return root != null && isSweep(root);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static SweepStep step(JsonNode s) {
        List<String> reasons = new ArrayList<>();
        s.path("reasons").forEach(r -> reasons.add(r.asText()));
        return new SweepStep(s.path("target").asDouble(), s.path("achieved").asDouble(), reasons,
                latency(s.path("response")), latency(s.path("service")), s.path("sendLagP99Ns").asLong(),
                s.path("cpuMsPerMessage").asDouble(-1), text(s, "hostQueue"), text(s, "stopped"), text(s, "hlog"));
    }

    private static SweepStep.Latency latency(JsonNode l) {
        return new SweepStep.Latency(l.path("count").asLong(), l.path("p50").asLong(), l.path("p99").asLong(), l.path("p999").asLong(),
                l.path("max").asLong());
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isMissingNode() || v.isNull() ? null : v.asText();
    }
}
