package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.parsers.DocumentBuilderFactory;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import com.fasterxml.jackson.databind.JsonNode;

/** harness check: the verdict of a finished run, or of two merged, from its hlog and JSON, as the run gave it. */
class CheckIT {
    @TempDir
    Path dir;

    /** The verdict's lines as a command printed them, in order. */
    private static List<String> verdictLines(String stdout) {
        List<String> lines = new ArrayList<>();
        for (String line : stdout.lines().toList()) {
            if (line.startsWith("  PASS  ") || line.startsWith("  FAIL  ")) {
                lines.add(line.strip());
            }
        }
        return lines;
    }

    /** The number a verdict line measured: "PASS  rate >= 0.5 * target: 201 msg/s (limit ...)" gives 201. */
    private static double measured(String line) {
        Matcher m = Pattern.compile(": ([0-9,.]+)").matcher(line);
        assertTrue(m.find(), line);
        return Double.parseDouble(m.group(1).replace(",", ""));
    }

    @Test
    void checkOnARunsHlogAndJsonGivesTheVerdictTheRunPrinted() throws Exception {
        Path hlog = dir.resolve("run.hlog");
        Path json = dir.resolve("run.json");
        Path html = dir.resolve("run.html");
        String[] objectives = {"--slo", "response.p99 < 10s", "--slo", "response.max < 1us", "--slo", "lost == 0",
            "--slo", "response.p99 < 10s per 1s", "--slo", "service.count >= 1", "--slo", "rate >= 0.5 * target",
            // The verdict's lines are the subject, the same in run and check; a loaded CI host may
            // make the run NOT VALID, which would add a line of its own (ValidityIT tests that).
            "--slo-allow-invalid"};
        List<String> run = new ArrayList<>(List.of("run", "--cold-start", "--non-persistent", "--rate", "200", "--warmup", "1s", "--duration",
                "3s", "--hlog", hlog.toString(), "--json", json.toString(), "--report", html.toString()));
        run.addAll(List.of(objectives));
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, run.toArray(String[]::new));
        assertEquals(5, r.exitCode(), r::toString);
        List<String> printed = verdictLines(r.stdout());
        assertEquals(6, printed.size(), r::toString);

        Path junit = dir.resolve("check.xml");
        List<String> check = new ArrayList<>(List.of("check", hlog.toString(), "--json", json.toString(), "--junit",
                junit.toString()));
        check.addAll(List.of(objectives));
        HarnessProcess.Result c = HarnessProcess.run(dir, 60, check.toArray(String[]::new));
        assertEquals(5, c.exitCode(), c::toString);
        c.assertOneLine("harness check: 1 of 6 objectives not met");
        List<String> checked = verdictLines(c.stdout());
        // The same objectives on the same histograms and the run's own counts: the same lines, value
        // for value, the rate too (the run's completions after warmup over its measured seconds).
        assertEquals(printed, checked, c::toString);
        assertTrue(checked.get(5).startsWith("PASS  rate >= 0.5 * target: "), checked.get(5));
        // Without the JSON, the rate is the log's: the run's measured completions over the log's
        // measured cuts, up to the end of the last interval that completed anything. That last cut
        // comes after the run's drain and settle, late on a loaded machine (190 against 199 msg/s seen).
        HarnessProcess.Result logOnly = HarnessProcess.run(dir, 60, "check", hlog.toString(), "--slo", "rate >= 0.5 * target",
                "--slo-allow-invalid");
        assertEquals(0, logOnly.exitCode(), logOnly::toString);
        assertEquals(measured(printed.get(5)), measured(verdictLines(logOnly.stdout()).get(0)), 0.1 * measured(printed.get(5)),
                logOnly::toString);
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
        assertEquals("6", xml.getDocumentElement().getAttribute("tests"));
        assertEquals("1", xml.getDocumentElement().getAttribute("failures"));

        HarnessProcess.Result met = HarnessProcess.run(dir, 60, "check", hlog.toString(), "--slo", "response.p99 < 10s",
                "--slo", "lost.count == 0 per 1s", "--slo-allow-invalid");
        assertEquals(0, met.exitCode(), met::toString);
        assertTrue(met.stdout().contains("objectives: 2 of 2 met"), met::toString);

        // A gate never hides a broken run: the same files, had the run failed or been interrupted,
        // keep the run's own code (4, 130) although every objective is met.
        for (String[] broken : new String[][] {{"failure", "broker connection lost and not back within 10s", "4"},
                {"stopReason", "interrupted", "130"}}) {
            com.fasterxml.jackson.databind.node.ObjectNode copy = (com.fasterxml.jackson.databind.node.ObjectNode)
                    HarnessProcess.json(json);
            ((com.fasterxml.jackson.databind.node.ObjectNode) copy.get("summary")).put(broken[0], broken[1]);
            Path file = dir.resolve(broken[0] + ".json");
            Files.writeString(file, copy.toString());
            HarnessProcess.Result b = HarnessProcess.run(dir, 60, "check", hlog.toString(), "--json", file.toString(),
                    "--slo", "response.p99 < 10s");
            assertEquals(Integer.parseInt(broken[2]), b.exitCode(), b::toString);
            assertTrue(b.stdout().contains("PASS  response.p99 < 10s"), "the verdict is still printed: " + b);
            b.assertOneLine("--json " + file + ": the run did not complete: ");
        }

        // Another run's JSON beside this hlog: refused, naming both files and what differs.
        com.fasterxml.jackson.databind.node.ObjectNode other = (com.fasterxml.jackson.databind.node.ObjectNode)
                HarnessProcess.json(json);
        ((com.fasterxml.jackson.databind.node.ObjectNode) other.get("settings")).put("rate", "300 msg/s");
        Path otherJson = Files.writeString(dir.resolve("other.json"), other.toString());
        HarnessProcess.Result mismatch = HarnessProcess.run(dir, 60, "check", hlog.toString(), "--json", otherJson.toString(),
                "--slo", "lost == 0");
        assertEquals(2, mismatch.exitCode(), mismatch::toString);
        mismatch.assertOneLine("--json " + otherJson + ": not the run of " + hlog + ": its rate is 300 msg/s, " + hlog
                + "'s 200 msg/s");

        HarnessProcess.Result noJson = HarnessProcess.run(dir, 60, "check", hlog.toString(), "--slo", "lost == 0");
        assertEquals(2, noJson.exitCode(), noJson::toString);
        noJson.assertOneLine("lost: the log does not carry it; give the run's --json");

        // The run's report: the verdict box on top, and the delivery figures the hlog lacks.
        String page = Files.readString(html);
        assertTrue(page.contains("<div id=\"verdict\" class=\"verdict failed\">"), "the verdict box");
        assertTrue(page.indexOf("id=\"verdict\"") < page.indexOf("id=\"percentiles-response-service\""), "on top");
        assertTrue(page.contains("<td class=\"FAIL\">FAIL</td>") && page.contains("<table id=\"delivery\">"), page);
        JsonNode summary = HarnessProcess.json(json).get("summary");
        assertTrue(page.contains("<tr><td>received</td><td>" + String.format("%,d", summary.get("delivery").get("received")
                .asLong()) + "</td></tr>"), "the run's delivery");
        // harness report gets them from the run's JSON.
        Path again = dir.resolve("again.html");
        HarnessProcess.Result report = HarnessProcess.run(dir, 60, "report", hlog.toString(), "--json", json.toString(),
                "--out", again.toString());
        assertEquals(0, report.exitCode(), report::toString);
        String fromJson = Files.readString(again);
        assertTrue(fromJson.contains("<div id=\"verdict\" class=\"verdict failed\">") && fromJson.contains("<table id=\"delivery\">"));
    }

    private HarnessProcess run(Path hlog) throws Exception {
        return HarnessProcess.start(dir, "run", "--cold-start", "--non-persistent", "--rate", "200", "--warmup", "1s", "--duration", "2s",
                "--hlog", hlog.toString(), "--json", hlog.toString().replace(".hlog", ".json"));
    }

    @Test
    void checkOnAMergedLogOfTwoRunsJudgesTheMergedHistogramsAndTheSummedJson() throws Exception {
        Path a = dir.resolve("a.hlog");
        Path b = dir.resolve("b.hlog");
        // As two hosts: side by side, each against a broker of its own.
        try (HarnessProcess pa = run(a); HarnessProcess pb = run(b)) {
            int codeA = pa.waitFor(120);
            int codeB = pb.waitFor(120);
            assertEquals(0, codeA, pa.stdout() + pa.stderr());
            assertEquals(0, codeB, pb.stdout() + pb.stderr());
        }
        Path merged = dir.resolve("m.hlog");
        HarnessProcess.Result m = HarnessProcess.run(dir, 60, "merge", a.toString(), b.toString(), "--out", merged.toString());
        assertEquals(0, m.exitCode(), m::toString);

        long count = 0;
        for (Path hlog : List.of(a, b)) {
            count += HarnessProcess.json(Path.of(hlog.toString().replace(".hlog", ".json"))).get("summary").get("views")
                    .get("response").get("count").asLong();
        }
        HarnessProcess.Result c = HarnessProcess.run(dir, 60, "check", merged.toString(), "--json", dir.resolve("a.json")
                .toString(), "--json", dir.resolve("b.json").toString(), "--slo", "response.p99 < 10s", "--slo",
                "response.count == " + count, "--slo", "lost == 0", "--slo", "duplicates == 0", "--slo", "rate > 0",
                "--slo-allow-invalid"); // the objectives of the merged figures, whatever a busy CI host made of validity
        assertEquals(0, c.exitCode(), c::toString);
        List<String> lines = verdictLines(c.stdout());
        // The rate of both: every completion after warmup over the one schedule's measured seconds,
        // as one run of both would count it; neither file's alone, nor their two rates' sum of parts.
        long completed = 0;
        double seconds = 0;
        for (Path hlog : List.of(a, b)) {
            JsonNode s = HarnessProcess.json(Path.of(hlog.toString().replace(".hlog", ".json"))).get("summary");
            completed += s.get("completedAfterWarmup").asLong();
            seconds = Math.max(seconds, s.get("measuredSeconds").asDouble());
        }
        assertEquals(String.format("PASS  rate > 0: %,.0f msg/s", completed / seconds), lines.get(4), c::toString);
        Histogram both = HlogFiles.sum(a, "response").copy();
        both.add(HlogFiles.sum(b, "response"));
        double p99Ms = both.getValueAtPercentile(99) / 1e6;
        // Printed with 3 decimals below 10 ms, 1 below 1 s, none above (a busy host's p99 can pass a second).
        assertEquals(p99Ms, measured(lines.get(0)), p99Ms < 10 ? 0.0011 : p99Ms < 1000 ? 0.051 : 0.51,
                "the p99 of both runs' messages");
        assertEquals(String.format("PASS  response.count == %d: %,d", count, count), lines.get(1));
        assertEquals(List.of("PASS  lost == 0: 0", "PASS  duplicates == 0: 0"), lines.subList(2, 4));
    }
}
