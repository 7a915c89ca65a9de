package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which limit the sentence names, from the figures alone. */
class SaturationTest {
    private static final long S = 1_000_000_000L;

    @Test
    void aKeptScheduleSaysNothing() {
        Saturation s = Saturation.judge(2_000, 1_990, new SenderLoad(10 * S, 9 * S, 0, 1, 20_000), 0.3, 0);
        assertEquals(Saturation.HELD, s.limit());
        assertNull(s.sentence());
        assertFalse(s.harnessLimited());
    }

    @Test
    void oneBusyBlockingSenderIsNamedWithWhatItCanOffer() {
        Saturation s = Saturation.judge(2_000, 1_136, new SenderLoad(10 * S, S / 100, 0, 1, 12_487), 0.4, 0);
        assertEquals(Saturation.SENDERS, s.limit());
        assertEquals("the schedule asked 2,000 msg/s and 1,136 were achieved: 1 sender with blocking sends of 0.80 ms"
                + " each can offer about 1,250 msg/s: busy 100 % of the time: add --senders or --max-in-flight.", s.sentence());
        assertTrue(s.harnessLimited());
    }

    @Test
    void aFullWindowAsksForMoreInFlight() {
        SenderLoad two = new SenderLoad(10 * S, 0, 8 * S, 8, 90_000).plus(new SenderLoad(10 * S, 0, 8 * S, 8, 90_000));
        Saturation s = Saturation.judge(20_000, 9_000, two, 0.5, 0);
        assertEquals(Saturation.WINDOW, s.limit());
        assertTrue(s.sentence().contains("2 senders with 8 sends in flight each waited for a free slot 80 %"), s.sentence());
        assertTrue(s.sentence().endsWith("raise --max-in-flight or add --senders."), s.sentence());
    }

    @Test
    void publishersAreAddedWithTheSendersOption() {
        Saturation s = Saturation.judge(3_000, 1_339, new SenderLoad(10 * S, 0, 9_500_000_000L, 32, 13_390), 0.5, 0,
                "publisher");
        assertTrue(s.sentence().contains("1 publisher with 32 sends in flight"), s.sentence());
        assertTrue(s.sentence().endsWith("raise --max-in-flight or add --senders."), "there is no --publishers: " + s.sentence());
    }

    @Test
    void idleSendersMeanTheBrokerWasTheLimit() {
        Saturation s = Saturation.judge(5_000, 3_000, new SenderLoad(10 * S, 7 * S, S, 64, 30_000), 0.5, 0);
        assertEquals(Saturation.BROKER, s.limit());
        assertTrue(s.sentence().contains("the broker was the limit, not the harness: 1 sender was busy only 30 %"),
                s.sentence());
        assertFalse(s.harnessLimited());
    }

    @Test
    void aCpuBoundJvmPointsAtABrokerOfItsOwn() {
        Saturation s = Saturation.judge(5_000, 3_000, new SenderLoad(10 * S, 5 * S, 0, 1, 30_000), 0.97, 0);
        assertEquals(Saturation.CPU, s.limit());
        assertTrue(s.sentence().contains("this JVM used 97 % of its CPUs") && s.sentence().contains("--url"), s.sentence());
    }

    @Test
    void pausesAreNamed() {
        Saturation s = Saturation.judge(5_000, 3_000, new SenderLoad(10 * S, 5 * S, 0, 1, 30_000), 0.5, 0.3);
        assertEquals(Saturation.PAUSES, s.limit());
        assertTrue(s.sentence().contains("paused 30 %"), s.sentence());
    }

    @Test
    void busySendersComeFirstAndThePausesAreSaidBeside() {
        Saturation s = Saturation.judge(5_000, 3_000, new SenderLoad(10 * S, 0, 0, 1, 30_000), 0.5, 0.3);
        assertEquals(Saturation.SENDERS, s.limit());
        assertTrue(s.sentence().endsWith("; this JVM was also paused 30 % of the time: add --senders or --max-in-flight."),
                s.sentence());
    }

    @Test
    void anUnthrottledRunIsNotJudged() {
        assertNull(Saturation.judge(0, 9_000, new SenderLoad(10 * S, 0, 0, 1, 90_000), 0.5, 0).sentence());
    }

    @Test
    void aBrokerAwayForLongIsTheLimitWhateverTheSendersDid() {
        Saturation s = Saturation.judge(500, 400, new SenderLoad(10 * S, 0, 5 * S, 16, 4_000), 0.5, 0, "sender",
                5 * S, 12 * S);
        assertEquals(Saturation.BROKER, s.limit());
        assertTrue(s.sentence().contains("the broker was the limit: it was away 5.0 s of the 12.0 s run"), s.sentence());
    }

    @Test
    void closedModeRequestersAreToldToAddRequestersOrGoOpenNeverMaxInFlightAlone() {
        SenderLoad closed = new SenderLoad(1, 10 * S, 0, 0, 1, 5_000, true);
        Saturation s = Saturation.judge(1_000, 500, closed, 0.4, 0, "requester");
        assertEquals(Saturation.SENDERS, s.limit());
        assertEquals("the schedule asked 1,000 round trips/s and 500 were achieved: 1 requester in closed mode, each"
                + " waiting for its reply before the next request (2.00 ms a round trip, sending included), can offer"
                + " about 500 round trips/s: busy 100 % of the time: add --requesters, or use --mode open (with"
                + " --max-in-flight for sends in flight).", s.sentence());
        assertFalse(s.sentence().contains("msg/s"), s.sentence());
    }

    @Test
    void openModeRequestersWithBlockingSendsCountRoundTrips() {
        Saturation s = Saturation.judge(2_000, 1_000, new SenderLoad(10 * S, 0, 0, 1, 10_000), 0.4, 0, "requester");
        assertTrue(s.sentence().contains("1 requester with blocking sends of 1.00 ms each can offer about 1,000 round"
                + " trips/s") && s.sentence().contains(": add --requesters or --max-in-flight"), s.sentence());
    }

    /** A consumer at 3 s a message takes a third of one a second: said as such, not rounded to 0. */
    @Test
    void slowConsumersByDesignAreSaidBelowOneASecond() {
        Saturation s = Saturation.judge(2, 0.4, new SenderLoad(10 * S, 10 * S - S / 100, 0, 1, 8), 0.1, 0)
                .byDesign(1 / 3.0, "1 drainer taking 3s over each message (--consume-delay)", "msg/s");
        assertEquals(Saturation.CONSUMERS, s.limit());
        assertEquals("the schedule asked 2 msg/s and 0.4 were achieved: the consumers were the limit, by design: 1 drainer"
                + " taking 3s over each message (--consume-delay), at most 0.33 msg/s, so the backlog grew by about 1.7 msg/s",
                s.sentence().substring(0, s.sentence().indexOf("msg/s", s.sentence().indexOf("grew")) + 5), s.sentence());
    }
}
