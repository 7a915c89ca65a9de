package dev.harness.core.host;

import static dev.harness.core.host.ProcFixtures.fixture;
import static dev.harness.core.host.ProcFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class NetStatTest {
    private final ProcFixtures.Noted noted = new ProcFixtures.Noted();

    @Test
    void listenCountersPairedByName() {
        assertEquals(new NetStat(100, 120), NetStat.parse(fixture("normal/before/net/netstat"), noted));
        assertEquals(new NetStat(107, 129), NetStat.parse(fixture("normal/after/net/netstat"), noted));
        assertEquals(List.of(), noted.said);
    }

    @Test
    void missingCountersAreEachSaid() {
        assertEquals(NetStat.NONE, NetStat.parse(text("IpExt: InNoRoutes\nIpExt: 0\n"), noted));
        assertEquals(List.of("missing: TcpExt ListenOverflows; TCP listen overflows not sampled",
                "missing: TcpExt ListenDrops; TCP listen drops not sampled"), noted.said);
    }

    @Test
    void valuesThatDoNotPairWithTheirNamesAreMalformed() {
        assertEquals(NetStat.NONE, NetStat.parse(text("TcpExt: ListenOverflows ListenDrops\nTcpExt: 5\n"), noted));
        assertEquals(List.of("malformed: TcpExt: 5"), noted.said);
    }
}
