package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The HTML report as a person sees it: rendered by headless Chromium (Debian's package, which
 * .ci/run installs), its DOM holding the charts and their data points; and the .hgrm and CSV
 * files beside it.
 */
class ReportIT {
    @TempDir
    static Path dir;

    private static Path html;
    private static JsonNode run;

    @BeforeAll
    static void runWithAReport() throws Exception {
        html = dir.resolve("report.html");
        Path json = dir.resolve("run.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--non-persistent", "--rate", "200", "--warmup", "2s",
                "--duration", "4s", "--report", html.toString(), "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("report: " + html), r::toString);
        run = HarnessProcess.json(json);
    }

    @Test
    void chromiumRendersEveryChartWithItsDataPoints() throws Exception {
        String dom = chromium("--dump-dom", html.toUri().toString());
        for (String id : List.of("percentiles-response-service", "percentiles-other", "throughput", "latency-over-time",
                "latency-max-over-time", "host")) {
            assertTrue(dom.contains("id=\"" + id + "\""), () -> "no chart " + id);
        }
        // One point per whole interval: 2 s warmup and 4 s measured at 1 s, and the end's sliver left out.
        int whole = 0;
        for (JsonNode i : run.get("intervals")) {
            whole += i.get("endS").asDouble() - i.get("startS").asDouble() >= 0.5 ? 1 : 0;
        }
        assertTrue(whole >= 6, "intervals: " + run.get("intervals").size());
        assertEquals(whole, dataPoints(dom, "per interval"), "one throughput point per interval");
        assertEquals(whole, dataPoints(dom, "p99"), "one p99 point per interval");
        assertEquals(whole, dataPoints(dom, "max"), "one max point per interval, on a chart of its own");
        assertEquals(run.get("intervals").size(), dataPoints(dom, "runnable threads"), "host figures of every interval");
        assertTrue(dataPoints(dom, "response") > 10, "a percentile curve, not a dot");
        assertTrue(dataPoints(dom, "service") > 10);
        assertTrue(dom.contains("class=\"warmup\""), "warmup shaded");
        assertTrue(dom.contains("<text class=\"legend\" x=\"922\" y=\"") && dom.contains(">warmup</text>"),
                "the shading named in the legend, in words");
        assertTrue(dom.contains("data-series=\"target\""), "the target rate drawn");
        assertTrue(dom.contains("<table id=\"summary\">"), "summary table");
        String responseCount = String.format("%,d", run.get("summary").get("views").get("response").get("count").asLong());
        assertTrue(dom.contains("<td>response</td><td>" + responseCount + "</td>"), "the table's counts are the run's");
        assertFalse(dom.contains("<script") || dom.contains("http://") && !dom.contains("http://www.w3.org/2000/svg"),
                "self-contained: nothing fetched");

        // The findings in the console's words, the environment the run recorded.
        for (JsonNode f : run.get("findings")) {
            assertTrue(dom.contains(">" + escape(f.get("text").asText()) + "</li>"), () -> "finding " + f);
        }
        for (String field : List.of("kernel", "cpus", "memory", "java", "gc", "harness", "client")) {
            String value = run.get("environment").get(field).asText();
            assertTrue(dom.contains("<tr><td>" + field + "</td><td>" + escape(value) + "</td></tr>"), () -> "environment " + field);
        }
        assertTrue(run.get("environment").get("kernel").asText().contains(System.getProperty("os.version")),
                "the kernel of this host: " + run.get("environment"));
        assertTrue(dom.contains("host <b>" + escape(run.get("environment").get("host").asText()) + "</b>"), "the host on top");

        // For people to look at: target/report-screenshot.png.
        Path png = Paths.get(System.getProperty("harness.jar")).getParent().resolve("report-screenshot.png");
        Files.deleteIfExists(png);
        chromium("--screenshot=" + png, "--window-size=1100,2200", html.toUri().toString());
        assertTrue(Files.size(png) > 10_000, "a screenshot was written");
    }

    /**
     * At 1280x800 the answers are on the first screen: validity and verdict, rate, the headline
     * percentiles, lost and outage. The report has no script of its own; a copy gets one that
     * writes where each answer ends, and Chromium lays it out and runs it.
     */
    @Test
    void theAnswersAreOnTheFirstScreenAt1280x800() throws Exception {
        String page = Files.readString(html, StandardCharsets.UTF_8);
        String probe = "<script>window.addEventListener('load',()=>{const out=[];for(const id of ['validity','rate',"
                + "'headline','loss']){const e=document.getElementById(id);out.push(id+'='+(e?Math.ceil(e.getBoundingClientRect()"
                + ".bottom+window.scrollY):'missing'));}document.body.setAttribute('data-layout',out.join(' '));});</script>";
        Path copy = dir.resolve("first-screen.html");
        Files.writeString(copy, page.replace("</body>", probe + "</body>"), StandardCharsets.UTF_8);
        String dom = chromium("--window-size=1280,800", "--virtual-time-budget=5000", "--dump-dom", copy.toUri().toString());
        Matcher m = Pattern.compile("data-layout=\"([^\"]*)\"").matcher(dom);
        assertTrue(m.find(), "the layout was measured");
        for (String item : m.group(1).split(" ")) {
            String[] kv = item.split("=");
            assertTrue(!kv[1].equals("missing") && Integer.parseInt(kv[1]) <= 800, () -> kv[0] + " ends below the first"
                    + " screen: " + m.group(1));
        }
        Path png = Paths.get(System.getProperty("harness.jar")).getParent().resolve("report-first-screen.png");
        Files.deleteIfExists(png);
        chromium("--screenshot=" + png, "--window-size=1280,800", html.toUri().toString());
        assertTrue(Files.size(png) > 10_000, "a screenshot was written");
    }

    private static String escape(String s) {
        // As Chromium writes text back: quotes stay as they are.
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    @Test
    void hgrmFilesHoldTheWholeDistribution() throws Exception {
        Path hgrm = dir.resolve("report.response.hgrm");
        List<double[]> rows = new ArrayList<>();
        Pattern row = Pattern.compile("^\\s*([0-9.]+)\\s+([0-9.]+)\\s+(\\d+)(?:\\s+(\\S+))?\\s*$"); // the 100 % row has no 1/(1-p)
        for (String line : Files.readAllLines(hgrm, StandardCharsets.UTF_8)) {
            Matcher m = row.matcher(line);
            if (m.matches()) {
                rows.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                    Double.parseDouble(m.group(3))});
            }
        }
        assertTrue(rows.size() > 10, "percentile rows");
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(rows.get(i)[0] >= rows.get(i - 1)[0] && rows.get(i)[1] >= rows.get(i - 1)[1], "monotonic");
        }
        double[] last = rows.get(rows.size() - 1);
        assertEquals(1.0, last[1], 1e-9);
        JsonNode response = run.get("summary").get("views").get("response");
        assertEquals(response.get("count").asLong(), (long) last[2], "every measured response");
        assertEquals(response.get("maxNs").asLong() / 1e6, last[0], 0.01, "max in ms");
        assertTrue(Files.readString(hgrm).contains("#[Mean"), "HdrHistogram's footer");
    }

    @Test
    void csvHasOneRowPerInterval() throws Exception {
        List<String> lines = Files.readAllLines(dir.resolve("report.csv"));
        assertTrue(lines.get(0).startsWith("start_s,end_s,phase,completed,rate_per_s,cumulative_rate_per_s"), lines.get(0));
        assertEquals(run.get("intervals").size(), lines.size() - 1);
        long completed = 0;
        for (String l : lines.subList(1, lines.size())) {
            completed += Long.parseLong(l.split(",")[3]);
        }
        assertEquals(run.get("summary").get("totalCompleted").asLong(), completed);
        assertTrue(lines.get(1).contains(",warmup,") && lines.get(lines.size() - 1).contains(",measured,"));
        assertTrue(lines.get(0).endsWith(",host_runnable,host_cpus,host_iowait_percent,host_disk_in_flight"), lines.get(0));
        int cpus = Integer.parseInt(lines.get(1).split(",", -1)[13]);
        assertEquals(run.get("intervals").get(0).get("host").get("cpus").asInt(), cpus, "the host's CPUs, from the hlog");
    }

    @Test
    void notAnHlogIsAOneLineError() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "just some text\n");
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "report", text.toString(), "--out",
                dir.resolve("x.html").toString());
        assertEquals(2, r.exitCode(), r::toString);
        assertEquals(1, r.stderr().strip().lines().count(), r::toString);
        assertTrue(r.stderr().contains(text.toString()), r::toString);
    }

    private static int dataPoints(String dom, String series) {
        Matcher m = Pattern.compile("<polyline[^>]*data-series=\"" + Pattern.quote(series) + "\" data-points=\"(\\d+)\"")
                .matcher(dom);
        assertTrue(m.find(), () -> "no series " + series);
        int declared = Integer.parseInt(m.group(1));
        Matcher g = Pattern.compile("<g class=\"points\" data-series=\"" + Pattern.quote(series) + "\">(.*?)</g>",
                Pattern.DOTALL).matcher(dom);
        assertTrue(g.find(), () -> "no points of " + series);
        int circles = g.group(1).split("<circle", -1).length - 1;
        assertEquals(declared, circles, series);
        return circles;
    }

    private static String chromium(String... args) throws Exception {
        return Chromium.run(dir, args);
    }
}
