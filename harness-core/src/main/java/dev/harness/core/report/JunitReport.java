package dev.harness.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import dev.harness.core.slo.Result;
import dev.harness.core.slo.Verdict;

/**
 * The objectives' verdict as a JUnit XML report (the Surefire format CI servers read, valid against
 * its 3.0 schema): one testsuite, one testcase per objective, a failure carrying the value measured.
 */
public final class JunitReport {
    private JunitReport() {
    }

    /** Writes the verdict of the run {@code suite} names ("harness run put") to {@code file}. */
    public static void write(Path file, String suite, Instant start, Verdict verdict) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("testsuite");
            x.writeAttribute("name", suite);
            boolean invalid = verdict.invalidLine() != null;
            x.writeAttribute("tests", Integer.toString(verdict.results().size() + (invalid ? 1 : 0)));
            x.writeAttribute("failures", Long.toString(verdict.failures() + (invalid ? 1 : 0)));
            x.writeAttribute("errors", "0");
            x.writeAttribute("skipped", "0");
            x.writeAttribute("time", "0");
            x.writeCharacters("\n  ");
            // The start as a property: Surefire's schema (3.0) has no timestamp attribute, and CI servers read that schema.
            x.writeStartElement("properties");
            x.writeEmptyElement("property");
            x.writeAttribute("name", "start");
            x.writeAttribute("value", start.truncatedTo(ChronoUnit.MILLIS).toString());
            x.writeEndElement();
            x.writeCharacters("\n");
            for (Result r : verdict.results()) {
                x.writeCharacters("  ");
                x.writeStartElement("testcase");
                x.writeAttribute("name", r.objective().text());
                x.writeAttribute("classname", "harness.slo");
                x.writeAttribute("time", "0");
                if (!r.passed()) {
                    x.writeCharacters("\n    ");
                    x.writeStartElement("failure");
                    x.writeAttribute("message", r.line());
                    x.writeAttribute("type", "objective");
                    x.writeCharacters("measured " + r.measuredText() + ", limit " + r.limitText());
                    x.writeEndElement();
                    x.writeCharacters("\n  ");
                }
                x.writeEndElement();
                x.writeCharacters("\n");
            }
            if (invalid) {
                // The run was not a valid test: a testcase of its own, so a CI server shows why the gate failed.
                x.writeCharacters("  ");
                x.writeStartElement("testcase");
                x.writeAttribute("name", "the run was a valid test");
                x.writeAttribute("classname", "harness.validity");
                x.writeAttribute("time", "0");
                x.writeCharacters("\n    ");
                x.writeStartElement("failure");
                x.writeAttribute("message", verdict.invalidLine());
                x.writeAttribute("type", "validity");
                x.writeCharacters(String.join("\n", verdict.invalid().reasons().stream().map(r -> r.line()).toList()));
                x.writeEndElement();
                x.writeCharacters("\n  ");
                x.writeEndElement();
                x.writeCharacters("\n");
            }
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
