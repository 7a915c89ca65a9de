package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.Format;
import dev.harness.core.Setting;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/** Settings as the run header reads them. */
class FormatTest {
    private static final long S = 1_000_000_000L;

    @Test
    void ordinals() {
        assertEquals(List.of("1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"),
                List.of(1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111).stream().map(Format::ordinal).toList());
    }

    /** A shard's queues: "every 2nd of 4", not "every 2th". */
    @Test
    void aShardsQueuesAreEveryNthOfTheSchedules() {
        PutSettings put = new PutSettings(100, 1, Warmup.fixed(0), S, SizeMix.of(64), false, 0, 4, "Q.", 1, S, new Shard(1, 2));
        assertEquals("2 (Q.2 .. Q.4, every 2nd of 4)", value(put.describe(), "queues"));
        ReqRespSettings reqresp = new ReqRespSettings(100, 3, 3, Warmup.fixed(0), S, SizeMix.of(64), true, 1, 9, "REQ.", "REP.", S, false, S,
                new Shard(0, 3));
        assertEquals("3 request (REQ.1..) and 3 reply (REP.1..), every 3rd of 9", value(reqresp.describe(), "queues"));
    }

    private static String value(List<Setting> settings, String name) {
        return settings.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow().value();
    }
}
