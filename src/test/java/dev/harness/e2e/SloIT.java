package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import com.fasterxml.jackson.databind.JsonNode;

/** Service-level objectives on real runs: the verdict, its exit code, its JSON and JUnit forms, windows, aborts. */
@Isolated
class SloIT {
    private static final long SECOND = 1_000_000_000L;

    /**
     * What Surefire's test report schema (3.0) requires of the parts we write, in our own words: a
     * testsuite with name, tests, errors, skipped and failures; properties; testcases with a name
     * and a time (its SUREFIRE_TIME pattern); a failure with a type. No attribute or element beyond
     * those. Restated, not read from Surefire: surefire-test-report-3.0.xsd is a site resource of
     * maven-surefire (published under maven.apache.org/surefire/maven-surefire-plugin/xsd/), packed
     * in none of its Maven Central jars (maven-surefire-plugin 2.12.4 to 3.6.0, maven-failsafe-plugin,
     * surefire-api, maven-surefire-common and the rest have no .xsd), and a test fetches nothing
     * beyond 127.0.0.1.
     */
    private static final String SUREFIRE_SHAPE = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="time"><xs:restriction base="xs:string">
                <xs:pattern value="(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\\.[0-9]{0,3})?"/></xs:restriction></xs:simpleType>
              <xs:element name="testsuite"><xs:complexType><xs:sequence>
                <xs:element name="properties" minOccurs="0" maxOccurs="unbounded"><xs:complexType><xs:sequence>
                  <xs:element name="property" minOccurs="0" maxOccurs="unbounded"><xs:complexType>
                    <xs:attribute name="name" type="xs:string" use="required"/>
                    <xs:attribute name="value" type="xs:string" use="required"/></xs:complexType></xs:element>
                </xs:sequence></xs:complexType></xs:element>
                <xs:element name="testcase" minOccurs="0" maxOccurs="unbounded"><xs:complexType><xs:sequence>
                  <xs:element name="failure" minOccurs="0" maxOccurs="unbounded"><xs:complexType><xs:simpleContent>
                    <xs:extension base="xs:string"><xs:attribute name="message" type="xs:string"/>
                      <xs:attribute name="type" type="xs:string" use="required"/></xs:extension>
                  </xs:simpleContent></xs:complexType></xs:element>
                </xs:sequence>
                  <xs:attribute name="name" type="xs:string" use="required"/>
                  <xs:attribute name="classname" type="xs:string"/>
                  <xs:attribute name="time" type="time" use="required"/></xs:complexType></xs:element>
              </xs:sequence>
                <xs:attribute name="name" type="xs:string" use="required"/>
                <xs:attribute name="time" type="time"/>
                <xs:attribute name="tests" type="xs:string" use="required"/>
                <xs:attribute name="errors" type="xs:string" use="required"/>
                <xs:attribute name="skipped" type="xs:string" use="required"/>
                <xs:attribute name="failures" type="xs:string" use="required"/>
              </xs:complexType></xs:element>
            </xs:schema>
            """;

    @TempDir
    Path dir;

    @Test
    void objectivesMetAndNotMetGiveTheVerdictEverywhere() throws Exception {
        Path json = dir.resolve("run.json");
        Path junit = dir.resolve("slo.xml");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--rate", "300", "--warmup", "1s", "--duration", "2s",
                "--slo", "response.p99 < 10s", "--slo", "lost == 0", "--slo", "rate >= 0.9 * target",
                "--slo", "response.max < 1us", "--json", json.toString(), "--junit", junit.toString());
        assertEquals(5, r.exitCode(), r::toString);
        r.assertOneLine("1 of 4 objectives not met");
        assertTrue(r.stdout().contains("objectives: 3 of 4 met"), r::toString);
        assertTrue(r.stdout().contains("  PASS  lost == 0: 0"), r::toString);
        assertTrue(r.stdout().contains("  FAIL  response.max < 1us: "), r::toString);

        JsonNode run = HarnessProcess.json(json);
        JsonNode slo = run.get("slo");
        assertEquals(4, slo.size());
        assertTrue(slo.get(0).get("passed").asBoolean());
        assertEquals("response.max < 1us", slo.get(3).get("objective").asText());
        assertFalse(slo.get(3).get("passed").asBoolean());
        assertEquals(run.get("summary").get("views").get("response").get("maxNs").asLong(), slo.get(3).get("value").asLong(),
                "the objective reads the summary's own figure");
        assertEquals(1_000, slo.get(3).get("limit").asLong());

        // The JUnit file, valid in the shape of Surefire's report schema, read by a real XML parser: one
        // testcase per objective, the failure carrying the value.
        javax.xml.validation.SchemaFactory.newInstance(javax.xml.XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(new javax.xml.transform.stream.StreamSource(new java.io.StringReader(SUREFIRE_SHAPE)))
                .newValidator().validate(new javax.xml.transform.stream.StreamSource(junit.toFile()));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
        Element suite = doc.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("4", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(4, cases.getLength());
        Element failed = (Element) cases.item(3);
        assertEquals("response.max < 1us", failed.getAttribute("name"));
        assertEquals(1, failed.getElementsByTagName("failure").getLength());
        String measured = String.format(java.util.Locale.ROOT, "%.3f",
                run.get("summary").get("views").get("response").get("maxNs").asLong() / 1e6);
        assertTrue(((Element) failed.getElementsByTagName("failure").item(0)).getAttribute("message").contains("response.max"),
                "the failure names the objective");
        assertTrue(failed.getTextContent().contains("measured ") && failed.getTextContent().contains("limit 0.001 ms"),
                failed.getTextContent() + " / " + measured);
        assertEquals(0, ((Element) cases.item(0)).getElementsByTagName("failure").getLength());

        // An undisturbed run's longest wait for a due message is far under a second (judged even if
        // a loaded host made the run NOT VALID: the objectives are the subject here).
        r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--rate", "300", "--warmup", "1s", "--duration", "1s", "--slo", "lost == 0",
                "--slo", "outage < 1s", "--slo-allow-invalid");
        assertEquals(0, r.exitCode(), "every objective met: " + r);
    }

    /**
     * A broker frozen for 2 s in the middle of a 14 s measured phase: the whole run's p75 is met
     * (about 1 in 7 responses is late), while the window holding the freeze breaks it. No connection
     * dropped, yet the client saw 2 s without a completion: that is the outage.
     */
    @Test
    void aWindowCatchesAFrozenBrokerTheWholeRunHides() throws Exception {
        Path json = dir.resolve("frozen.json");
        HarnessProcess.Result r = frozenRun(json, "14s", "response.p75 < 100ms", "response.p75 < 100ms per 4s",
                "outage < 1s");
        assertEquals(5, r.exitCode(), r::toString);
        JsonNode slo = HarnessProcess.json(json).get("slo");
        assertTrue(slo.get(0).get("passed").asBoolean(), slo::toString);
        JsonNode window = slo.get(1);
        assertFalse(window.get("passed").asBoolean(), slo::toString);
        // The freeze begins 5 s into the measured phase (6 s into the run): in the second window, 5 s to 9 s.
        double from = window.get("firstFailedFromS").asDouble();
        assertTrue(from >= 4.5 && from <= 5.5, slo::toString);
        assertTrue(window.get("value").asLong() > 100_000_000L, slo::toString);
        assertTrue(r.stdout().contains("FAIL  response.p75 < 100ms per 4s: "), r::toString);
        JsonNode outage = slo.get(2);
        assertFalse(outage.get("passed").asBoolean(), slo::toString);
        JsonNode summary = HarnessProcess.json(json).get("summary");
        long gap = summary.get("longestGapNs").asLong();
        assertTrue(gap >= 1_800_000_000L && gap < 10 * SECOND, summary::toString);
        assertEquals(gap, outage.get("value").asDouble(), 100, "the objective reads the summary's own gap");
        // It began when the freeze did: 6 s into the run.
        double fromS = summary.get("longestGapFromNs").asLong() / 1e9;
        assertTrue(fromS >= 5.5 && fromS <= 7, summary::toString);
        assertTrue(r.stdout().contains("longest time without a completion while one was due: "), r::toString);
    }

    @Test
    void sloAbortEndsTheRunAtTheFirstBrokenWindowKeepingEveryMeasurement() throws Exception {
        Path json = dir.resolve("abort.json");
        HarnessProcess.Result r = frozenRun(json, "30s", "response.p75 < 100ms per 2s", "--slo-abort");
        assertEquals(5, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("stopped early: objective 'response.p75 < 100ms per 2s' broken in the window"),
                r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertTrue(s.get("measuredSeconds").asDouble() < 15, "stopped long before 30 s: " + s.get("measuredSeconds"));
        assertEquals(s.get("totalSent").asLong(), s.get("totalCompleted").asLong(), "what was sent is drained and counted");
        assertFalse(HarnessProcess.json(json).get("slo").get(0).get("passed").asBoolean());
    }

    /** 500 msg/s against a harness broker child frozen for 2 s, 5 s into the measured phase. */
    private HarnessProcess.Result frozenRun(Path json, String duration, String... objectives) throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("broker-data"))) {
            List<String> args = new ArrayList<>(List.of("run", "--url", broker.url(), "--rate", "500", "--non-persistent",
                    "--warmup", "1s", "--duration", duration, "--json", json.toString(), "--events",
                    dir.resolve("events.jsonl").toString()));
            for (String o : objectives) {
                if (o.startsWith("--")) {
                    args.add(o);
                } else {
                    args.addAll(List.of("--slo", o));
                }
            }
            try (HarnessProcess run = HarnessProcess.start(dir, args.toArray(String[]::new))) {
                run.awaitInterval(6, 60);
                StallTruth.Freeze.of(broker.process, 2_000);
                int code = run.waitFor(180);
                return new HarnessProcess.Result(code, run.stdout(), run.stderr());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "response.p99 < 50; is a time: give the limit with its unit",
        "respons.p99 < 50ms; unknown view 'respons'",
        "response.p99 < 50ms per 1h; longer than the measured phase",
        "outage < 1s per 2s; not per window",
        "A.response.p99 < 5ms; sides of harness ab",
    })
    void aBadObjectiveIsOneLineBeforeAnyLoad(String objective, String expected) throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--duration", "2s", "--slo", objective);
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("--slo '" + objective + "'", expected);
        assertFalse(r.stdout().contains("harness put against"), "nothing ran: " + r);
    }
}
