package dev.harness.core.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;

class ReadOnceTest {
    @Test
    void everyReaderIsHandedTheOneReadingAndTheOthersTheSummaryInOrder() {
        List<String> calls = new ArrayList<>();
        List<Reading> handed = new ArrayList<>();
        RunSummary summary = ReadingTest.steady();
        ReadingListener first = (s, r) -> {
            calls.add("first");
            handed.add(r);
        };
        RunListener plain = new RunListener() {
            @Override
            public void started(RunHeader header) {
                calls.add("plain started");
            }

            @Override
            public void finished(RunSummary s) {
                assertSame(summary, s);
                calls.add("plain");
            }
        };
        ReadingListener last = (s, r) -> {
            calls.add("last");
            handed.add(r);
        };
        ReadOnce once = new ReadOnce(List.of(first, plain, last));
        assertNull(once.reading(), "no reading before the run has finished");
        once.started(summary.header());
        once.finished(summary);
        assertEquals(List.of("plain started", "first", "plain", "last"), calls);
        assertSame(handed.get(0), handed.get(1), "one reading for them all");
        assertSame(handed.get(0), once.reading(), "and the same one kept for after the run");
        assertEquals(Reading.of(summary).validity().valid(), once.reading().validity().valid());
    }
}
