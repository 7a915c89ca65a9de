package dev.harness.core.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;

import dev.harness.core.JsonWriter;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.workload.DrainRun;

/** harness drain's --json: what it took from each queue, how fast and how old (docs/reference/json.md). */
public final class DrainJson {
    private DrainJson() {
    }

    public static void write(DrainRun.Result r, Path file) throws IOException {
        JsonWriter j = new JsonWriter().beginObject()
                .field("workload", "drain")
                .field("target", r.target())
                .field("stopReason", r.stopReason());
        if (r.failure() != null) {
            j.field("failure", r.failure());
        }
        j.field("received", r.total())
                .field("seconds", r.seconds())
                .field("rate", r.rate());
        j.name("queues").beginArray();
        for (int q = 0; q < r.queues().size(); q++) {
            j.beginObject().field("name", r.queues().get(q))
                    .field("depthAtStart", r.depthsAtStart()[q])
                    .field("depthAtEnd", r.depthsAtEnd()[q])
                    .field("received", r.received()[q])
                    .endObject();
        }
        j.endArray();
        j.name("perInterval").beginArray();
        for (long n : r.perSecond()) {
            j.value(n);
        }
        j.endArray();
        Histogram a = r.ages();
        j.name("age").beginObject().field("count", a.getTotalCount());
        for (double p : Percentiles.SUMMARY) {
            j.field(Percentiles.key(p) + "Ns", a.getTotalCount() == 0 ? 0 : Percentiles.at(a, p));
        }
        j.field("maxNs", a.getMaxValue()).endObject()
                .field("clockSkewed", r.skewed())
                .field("noTimestamp", r.noTimestamp())
                .endObject();
        Files.writeString(file, j + "\n");
    }
}
