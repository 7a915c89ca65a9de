package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.harness.core.Setting;
import dev.harness.core.SettingsException;
import dev.harness.core.schedule.Warmup;

/** --reply-by: its names, where it is refused, and that it travels with the settings. */
class ReplyByTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    private static ReqRespSettings settings(ReqRespSettings.Mode mode) {
        return ReqRespSettings.of(100, 2, 2, Warmup.fixed(0), 2 * S, SizeMix.of(512), true, 1, 2, null, null, null, mode, S);
    }

    @Test
    void theNamesAreTheCommandLinesInAnyCase() {
        assertEquals(ReplyBy.CORRELATION_ID, ReplyBy.of("correlation-id"));
        assertEquals(ReplyBy.TEMPORARY, ReplyBy.of(" Temporary"));
        assertEquals(ReplyBy.ROUTER, ReplyBy.of("ROUTER"));
        assertNull(ReplyBy.of("correlation_id"), "the enum's own name is not the option's");
        assertEquals("correlation-id", ReplyBy.CORRELATION_ID.toString());
    }

    @Test
    void theRouterUnlessAskedAndEveryCopyKeepsTheWay() {
        ReqRespSettings closed = settings(ReqRespSettings.Mode.CLOSED);
        assertEquals(ReplyBy.ROUTER, closed.replyBy());
        assertEquals(ReplyBy.ROUTER, closed.withReplyBy(null).replyBy());
        ReqRespSettings byId = closed.withReplyBy(ReplyBy.CORRELATION_ID);
        assertEquals(ReplyBy.CORRELATION_ID, byId.withMaxInFlight(1).withConsumeDelay(5_000_000L).replyBy());
        assertEquals(ReplyBy.CORRELATION_ID, byId.warmingBurst(S).replyBy(), "the burst warms the way the run gets replies");
        assertTrue(byId.describe().contains(new Setting("reply by", ReplyBy.CORRELATION_ID.describe())), byId.describe()::toString);
    }

    @Test
    void aGetByCorrelationIdIsForClosedModeAlone() {
        ReqRespSettings open = settings(ReqRespSettings.Mode.OPEN);
        SettingsException e = assertThrows(SettingsException.class, () -> open.withReplyBy(ReplyBy.CORRELATION_ID));
        assertEquals("--reply-by correlation-id", e.option());
        assertTrue(e.getMessage().contains("--mode closed"), e.getMessage());
        assertEquals(ReplyBy.TEMPORARY, open.withReplyBy(ReplyBy.TEMPORARY).replyBy(), "a temporary queue takes replies as they come");
    }
}
