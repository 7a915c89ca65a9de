package dev.harness.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** Parsing and checking the agent argument, against a fixed max heap so -Xmx does not matter. */
class AgentOptionsTest {
    private static final long MB = AgentOptions.MB;
    private static final long MAX_HEAP = 1000 * MB;

    private static AgentOptions parse(String args) {
        return AgentOptions.parse(args, MAX_HEAP);
    }

    /** The message of the one line for bad options; it must name the option and be one line. */
    private static String error(String args) {
        String message = assertThrows(IllegalArgumentException.class, () -> parse(args)).getMessage();
        assertFalse(message.contains("\n") || message.contains("\r"), "one line: " + message);
        return message;
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", ",", " , ,"})
    void noOptionsMeansDefaults(String args) {
        AgentOptions o = parse(args);
        assertEquals(100, o.allocMBPerSec());
        assertEquals(64, o.liveMB());
        assertEquals("0.25", o.heap());
        assertEquals(250 * MB, o.budgetBytes());
        assertEquals(MAX_HEAP, o.maxHeapBytes());
        assertEquals(0.9, o.prune());
        assertEquals(20, o.reportMs());
        assertNull(o.log());
        assertEquals(0, o.delaySeconds());
        assertFalse(o.help());
    }

    @Test
    void everyOptionIsParsed() {
        AgentOptions o = parse("alloc=200,live=256,heap=0.5,prune=0.75,report=50,log=/tmp/gc agent.log,delay=10");
        assertEquals(200, o.allocMBPerSec());
        assertEquals(256, o.liveMB());
        assertEquals("0.5", o.heap());
        assertEquals(500 * MB, o.budgetBytes());
        assertEquals(0.75, o.prune());
        assertEquals(50, o.reportMs());
        assertEquals("/tmp/gc agent.log", o.log());
        assertEquals(10, o.delaySeconds());
    }

    @Test
    void blanksAroundItemsKeysAndValuesAreIgnored() {
        AgentOptions o = parse(" alloc = 12.5 , live=0 ,, report= 5 ,");
        assertEquals(12.5, o.allocMBPerSec());
        assertEquals(0, o.liveMB());
        assertEquals(5, o.reportMs());
    }

    @ParameterizedTest
    @CsvSource({
        "0.5,   500",
        ".5,    500",
        "0.001, 1",
        "512,   512",
        "512m,  512",
        "512M,  512",
        "1,     1",
        "936,   936"})
    void heapIsAFractionOfTheMaxHeapOrWholeMegabytes(String heap, long expectedMB) {
        AgentOptions o = parse("heap=" + heap);
        assertEquals(heap, o.heap());
        assertEquals(expectedMB, o.budgetBytes() / MB);
    }

    @Test
    void liveTakesAnOptionalMegabyteSuffix() {
        assertEquals(100, parse("live=100m").liveMB());
        assertEquals(100, parse("live=100M").liveMB());
    }

    @Test
    void liveSetPlusBudgetMayFillTheMaxHeapExactly() {
        AgentOptions o = parse("live=500,heap=500");
        assertEquals(500 * MB, o.budgetBytes());
    }

    @Test
    void helpIsRecognisedAndUsageListsEveryOption() {
        assertTrue(parse("help").help());
        assertTrue(parse("alloc=5,help").help());
        String usage = AgentOptions.usage();
        for (String key : new String[] {"alloc=", "live=", "heap=", "prune=", "report=", "log=", "delay=", "help"}) {
            assertTrue(usage.contains(key), key);
        }
    }

    @Test
    void theStartLineNamesEverySetting() {
        String line = parse("alloc=200,live=256,heap=0.3,prune=0.9,report=20,delay=5").describe("stderr");
        assertEquals("harness-agent: fragging at 200 MB/s, live set 256 MB, heap budget 300 MB"
                + " (heap=0.3, max heap 1000 MB), prune 0.9 (keeps 10% of each set), reporting pauses >= 20 ms"
                + " to stderr, starting in 5 s", line);
        assertTrue(parse("alloc=12.5").describe("/tmp/x.log").startsWith("harness-agent: fragging at 12.5 MB/s,"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-1", "10001", "NaN", "Infinity", "1e3", "0x10", "", "1.2.3"})
    void badAlloc(String value) {
        String message = error("alloc=" + value);
        assertTrue(message.startsWith("alloc=" + value + ": expected a rate in MB/s, a positive number"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "1.5", "64g", "", "1234567890"})
    void badLive(String value) {
        String message = error("live=" + value);
        assertTrue(message.startsWith("live=" + value + ": expected the static live set in MB"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "0.0", "1.0", "1.5", "-0.5", "0m", "0.5m", "1e2", "", "50%"})
    void badHeap(String value) {
        String message = error("heap=" + value);
        assertTrue(message.startsWith("heap=" + value + ": expected the heap budget as a fraction of the max heap"),
                message);
    }

    @Test
    void aBudgetBeyondTheMaxHeapIsRejected() {
        String message = error("live=0,heap=1001m");
        assertEquals("heap=1001m: a heap budget of 1001 MB exceeds the max heap of 1000 MB (Runtime.maxMemory())",
                message);
    }

    @Test
    void aBudgetUnderOneMegabyteIsRejected() {
        String message = error("heap=0.0001");
        assertTrue(message.startsWith("heap=0.0001: a heap budget of 0 MB is too small"), message);
    }

    @Test
    void liveSetPlusBudgetBeyondTheMaxHeapIsRejectedNamingBoth() {
        assertEquals("live=600,heap=0.5: live set 600 MB plus heap budget 500 MB is 1100 MB, more than the max heap"
                + " of 1000 MB (Runtime.maxMemory())", error("live=600,heap=0.5"));
        // The default budget counts too, and is named as such.
        assertTrue(error("live=800").startsWith("live=800,heap=0.25: live set 800 MB plus heap budget 250 MB"));
        assertTrue(error("live=1001,heap=1").startsWith("live=1001,heap=1: "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "1", "1.0", "-0.5", "", "90%"})
    void badPrune(String value) {
        String message = error("prune=" + value);
        assertTrue(message.startsWith("prune=" + value + ": expected the fraction of each set to drop"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-5", "2.5", ""})
    void badReport(String value) {
        String message = error("report=" + value);
        assertTrue(message.startsWith("report=" + value + ": expected the pause report threshold in ms"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "0.5", ""})
    void badDelay(String value) {
        String message = error("delay=" + value);
        assertTrue(message.startsWith("delay=" + value + ": expected seconds before fragging starts"), message);
    }

    @Test
    void anEmptyLogIsRejected() {
        assertTrue(error("log=").startsWith("log=: expected a file path"));
        assertTrue(error("log").startsWith("log: expected a file path"));
    }

    @Test
    void anOptionWithoutItsValueIsRejected() {
        assertTrue(error("alloc").startsWith("alloc: expected a rate in MB/s"));
    }

    @Test
    void unknownOptionsAreRejectedNamingTheKnownOnes() {
        assertEquals("rate=5: unknown option; known: alloc, live, heap, prune, report, log, delay, help",
                error("alloc=5,rate=5"));
        assertTrue(error("ALLOC=5").startsWith("ALLOC=5: unknown option"));
        assertTrue(error("=5").startsWith("=5: an option needs a name"));
    }

    @Test
    void anOptionGivenTwiceIsRejected() {
        assertEquals("alloc=7: alloc is given twice", error("alloc=5,alloc=7"));
    }

    @Test
    void helpTakesNoValue() {
        assertEquals("help=yes: help takes no value", error("help=yes"));
    }

    @Test
    void theRealMaxHeapIsUsedByDefault() {
        assertEquals(Runtime.getRuntime().maxMemory(), AgentOptions.parse("live=0,heap=1").maxHeapBytes());
    }
}
