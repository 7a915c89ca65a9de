package dev.harness.core.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostSamplerTest {
    private static final double EXACT = 1e-9;
    private static final long T0 = 1_000_000_000L;
    private static final long FIVE_SECONDS = 5_000_000_000L;
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T14:02:03Z"), ZoneOffset.UTC);

    @TempDir
    Path proc;

    private final List<String> said = new ArrayList<>();

    private HostSampler sampler() {
        return new HostSampler(proc, CLOCK, said::add);
    }

    @Test
    void firstSamplePrimesCountersAndReportsOnlyInstantaneousFigures() {
        copy("normal/before");
        HostSample s = sampler().sample(T0);

        assertEquals(CLOCK.millis(), s.epochMillis());
        assertTrue(Double.isNaN(s.intervalSeconds()));
        assertTrue(Double.isNaN(s.cpuIowaitPercent()));
        assertTrue(Double.isNaN(s.cpuUserPercent()));
        assertTrue(Double.isNaN(s.majorFaultsPerSec()));
        assertEquals(-1, s.tcpListenOverflows());
        assertEquals(-1, s.tcpListenDrops());
        assertTrue(Double.isNaN(s.disks().get(0).busyPercent()));
        assertEquals("rq 1/2 iow - disk 0", s.column());
        assertEquals(List.of(), said);
    }

    @Test
    void secondSampleGivesExactFiguresOverTheInterval() {
        copy("normal/before");
        HostSampler sampler = sampler();
        sampler.sample(T0);
        copy("normal/after");
        HostSample s = sampler.sample(T0 + FIVE_SECONDS);

        assertEquals(5.0, s.intervalSeconds(), EXACT);
        assertEquals(7, s.runQueueExcess());
        // 1000 jiffies: user 100 + nice 20, system 40 + irq 5 + softirq 15, iowait 90, steal 30, idle 700;
        // guest (10) is already inside user and must not be counted twice.
        assertEquals(12.0, s.cpuUserPercent(), EXACT);
        assertEquals(6.0, s.cpuSystemPercent(), EXACT);
        assertEquals(9.0, s.cpuIowaitPercent(), EXACT);
        assertEquals(3.0, s.cpuStealPercent(), EXACT);
        assertEquals(70.0, s.cpuIdlePercent(), EXACT);

        DiskSample vda = disk(s, "vda");
        assertEquals(80.0, vda.busyPercent(), EXACT); // 4000 ms busy in 5 s
        assertEquals(100.0, vda.readsPerSec(), EXACT);
        assertEquals(500.0, vda.writesPerSec(), EXACT);

        assertEquals(10.0, s.majorFaultsPerSec(), EXACT);
        assertEquals(7, s.tcpListenOverflows());
        assertEquals(9, s.tcpListenDrops());

        assertEquals("rq 9/2 iow 9% disk 4", s.column());
        assertEquals(List.of(), said);
    }

    @Test
    void noPressureDirectoryIsSaidOnceAndTheRestIsSampled() {
        copy("normal/before");
        deleteTree(proc.resolve("pressure"));
        HostSampler sampler = sampler();
        sampler.sample(T0);
        copy("normal/after");
        deleteTree(proc.resolve("pressure"));
        HostSample s = sampler.sample(T0 + FIVE_SECONDS);
        sampler.sample(T0 + 2 * FIVE_SECONDS);

        assertEquals(1, said.size(), said::toString);
        assertEquals("host: " + proc.resolve("pressure") + " is missing (kernel without PSI); CPU, memory and I/O"
                + " pressure not sampled", said.get(0));
        assertEquals(said, sampler.unavailable());
        assertTrue(Double.isNaN(s.cpuSomeAvg10()));
        assertTrue(Double.isNaN(s.ioFullAvg10()));
        assertTrue(Double.isNaN(s.memoryFullAvg10()));
        assertEquals(9.0, s.cpuIowaitPercent(), EXACT);
        assertEquals(7, s.tcpListenOverflows());
    }

    @Test
    void noPressureFixtureDirectory() {
        HostSampler sampler = new HostSampler(fixture("no-pressure"), CLOCK, said::add);
        HostSample first = sampler.sample(T0);
        HostSample second = sampler.sample(T0 + FIVE_SECONDS);
        assertEquals(1, said.size(), said::toString);
        assertTrue(said.get(0).contains("pressure is missing"));
        assertTrue(Double.isNaN(first.memorySomeAvg10()));
        // Nothing moved between the two reads of the same files: zero, not NaN, not negative.
        assertEquals(0.0, second.majorFaultsPerSec(), EXACT);
        assertEquals(0, second.tcpListenOverflows());
        assertEquals(0.0, second.disks().get(0).busyPercent(), EXACT);
        assertTrue(Double.isNaN(second.cpuIowaitPercent()), "no jiffies passed, so no CPU split");
    }

    @Test
    void diskstatsOfEveryKernelGenerationAndAwkwardLines() {
        copy("diskstats-columns/before");
        HostSampler sampler = sampler();
        sampler.sample(T0);
        copy("diskstats-columns/after");
        HostSample s = sampler.sample(T0 + 1_000_000_000L);

        DiskSample sda = disk(s, "sda");
        assertEquals(50.0, sda.busyPercent(), EXACT);
        assertEquals(200.0, sda.readsPerSec(), EXACT);
        assertEquals(100.0, sda.writesPerSec(), EXACT);

        DiskSample nvme = disk(s, "nvme0n1");
        assertEquals(100.0, nvme.busyPercent(), EXACT);
        assertEquals(400.0, nvme.readsPerSec(), EXACT);
        assertEquals(800.0, nvme.writesPerSec(), EXACT);

        DiskSample dm = disk(s, "dm-0");
        assertEquals(0.0, dm.busyPercent(), EXACT);
        assertEquals("nvme0n1", s.busiestDisk().name());
        assertEquals("rq 9/2 iow 9% disk 12", s.column());

        // Two bad lines, two samples: said once.
        assertEquals(1, said.size(), said::toString);
        assertEquals("host: skipped a malformed line in " + proc.resolve("diskstats") + ": '8      16 sdb 1 2 3 4 5 6 7'",
                said.get(0));
    }

    @Test
    void noProcAtAllIsSaidOnceAndNothingThrows() {
        HostSampler sampler = new HostSampler(proc.resolve("nowhere"), CLOCK, said::add);
        HostSample s = sampler.sample(T0);
        sampler.sample(T0 + FIVE_SECONDS);
        assertEquals(List.of("host: " + proc.resolve("nowhere") + " is missing (not Linux?); host figures not sampled"),
                said);
        assertEquals(0, s.cpus());
        assertEquals(-1, s.procsRunning());
        assertEquals(List.of(), s.disks());
        assertEquals("rq - iow - disk -", s.column());
        assertEquals(0, s.runQueueExcess());
        assertNull(s.busiestDisk());
    }

    @Test
    void missingAndUnreadableFilesAreEachSaidOnceAndTheRestCarriesOn() throws IOException {
        copy("normal/before");
        Files.delete(proc.resolve("net/netstat"));
        Files.delete(proc.resolve("vmstat"));
        Files.createDirectory(proc.resolve("vmstat")); // reading a directory fails: "unreadable"
        HostSampler sampler = sampler();
        sampler.sample(T0);
        copy("normal/after");
        Files.delete(proc.resolve("net/netstat"));
        HostSample s = sampler.sample(T0 + FIVE_SECONDS);
        sampler.sample(T0 + 2 * FIVE_SECONDS);

        assertEquals(2, said.size(), said::toString);
        assertTrue(said.get(0).startsWith("host: " + proc.resolve("vmstat") + " is unreadable ("), said.get(0));
        assertTrue(said.get(0).endsWith("); major page faults not sampled"), said.get(0));
        assertEquals("host: " + proc.resolve("net/netstat") + " is missing; TCP listen overflows not sampled",
                said.get(1));
        assertTrue(Double.isNaN(s.majorFaultsPerSec()));
        assertEquals(-1, s.tcpListenOverflows());
        assertEquals(9.0, s.cpuIowaitPercent(), EXACT);
        assertEquals(12.5, s.ioFullAvg10(), EXACT);
    }

    @Test
    void missingLinesAreSaidOnce() {
        write("stat", "cpu  10 0 10 100 0 0 0 0\ncpu0 10 0 10 100 0 0 0 0\n");
        write("diskstats", "");
        write("vmstat", "pgfault 12\n");
        write("meminfo", "MemTotal: 1000 kB\n");
        write("net/netstat", "IpExt: InNoRoutes\nIpExt: 0\n");
        write("pressure/cpu", "some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
        write("pressure/io", "");
        write("pressure/memory", "");
        HostSampler sampler = sampler();
        HostSample s = sampler.sample(T0);
        sampler.sample(T0 + FIVE_SECONDS);
        assertEquals(List.of(
                "host: " + proc.resolve("stat") + " has no procs_running; run queue not sampled",
                "host: " + proc.resolve("vmstat") + " has no pgmajfault; major page faults not sampled",
                "host: " + proc.resolve("net/netstat") + " has no TcpExt ListenOverflows; TCP listen overflows not sampled",
                "host: " + proc.resolve("net/netstat") + " has no TcpExt ListenDrops; TCP listen drops not sampled",
                "host: " + proc.resolve("meminfo") + " has no MemAvailable (kernel before 3.14); available memory not sampled"),
                said);
    }

    @Test
    void malformedLinesAreSaidOncePerFile() {
        write("stat", "cpu  x 0 10 100\ncpu0 10 0 10 100 0 0 0 0\nprocs_running many\nprocs_blocked 1\n");
        write("diskstats", "\n   8 0 sda 1 2 3 4 5 6 7 8 9 10 11\n");
        write("vmstat", "pgmajfault\n");
        write("meminfo", "MemAvailable: lots kB\n");
        write("net/netstat", "TcpExt: ListenOverflows ListenDrops\nTcpExt: 5\n");
        write("pressure/cpu", "some avg10 = 1\nfull avg10=oops\n");
        write("pressure/io", "some avg10=1.00 avg60=0.00 avg300=0.00 total=0\n");
        write("pressure/memory", "some avg10=2.00 avg60=0.00 avg300=0.00 total=0\n");
        HostSampler sampler = sampler();
        sampler.sample(T0);
        sampler.sample(T0 + FIVE_SECONDS);
        // Each parser's own test says which lines it skips; this pins the words and that each file is said once.
        assertEquals(List.of(
                "host: skipped a malformed line in " + proc.resolve("stat") + ": 'cpu  x 0 10 100'",
                "host: " + proc.resolve("stat") + " has no the aggregate cpu line; CPU percentages not sampled",
                "host: " + proc.resolve("stat") + " has no procs_running; run queue not sampled",
                "host: " + proc.resolve("vmstat") + " has no pgmajfault; major page faults not sampled",
                "host: skipped a malformed line in " + proc.resolve("net/netstat") + ": 'TcpExt: 5'",
                "host: skipped a malformed line in " + proc.resolve("pressure/cpu") + ": 'some avg10 = 1'",
                "host: skipped a malformed line in " + proc.resolve("meminfo") + ": 'MemAvailable: lots kB'"),
                said);
    }

    @Test
    void eachFigureIsItsParsersReading() {
        // The parsers' own tests pin what each file says; this pins which figure of the sample it becomes.
        copy("normal/after");
        HostSample s = sampler().sample(T0);
        ProcStat stat = parsed("stat", ProcStat::parse);
        assertEquals(stat.cpus(), s.cpus());
        assertEquals(stat.procsRunning(), s.procsRunning());
        assertEquals(stat.procsBlocked(), s.procsBlocked());
        List<DiskStats.Disk> disks = parsed("diskstats", DiskStats::parse).disks();
        assertEquals(disks.stream().map(DiskStats.Disk::name).toList(), names(s));
        assertEquals(disks.get(0).inFlight(), s.disks().get(0).inFlight());
        assertEquals(parsed("meminfo", MemInfo::parse).availableBytes(), s.memAvailableBytes());
        Pressure cpu = parsed("pressure/cpu", Pressure::parse);
        Pressure io = parsed("pressure/io", Pressure::parse);
        Pressure memory = parsed("pressure/memory", Pressure::parse);
        assertEquals(cpu.someAvg10(), s.cpuSomeAvg10());
        assertEquals(io.someAvg10(), s.ioSomeAvg10());
        assertEquals(io.fullAvg10(), s.ioFullAvg10());
        assertEquals(memory.someAvg10(), s.memorySomeAvg10());
        assertEquals(memory.fullAvg10(), s.memoryFullAvg10());
        assertEquals(List.of(), said);
    }

    @Test
    void countersThatWrapOrGoBackwardsNeverGoNegative() {
        write("stat", "cpu  1000 0 1000 5000 800 0 0 0 0 0\ncpu0 1000 0 1000 5000 800 0 0 0 0 0\nprocs_running 1\n");
        write("diskstats", " 254 0 vda 5000 0 0 0 7000 0 0 0 0 4294967000 0\n");
        write("net/netstat", "TcpExt: ListenOverflows ListenDrops\nTcpExt: 500 600\n");
        write("vmstat", "pgmajfault 9000\n");
        HostSampler sampler = sampler();
        sampler.sample(T0);
        // iowait steps back (a known kernel quirk), busy ms wraps at 2^32, reads and listen counters reset.
        write("stat", "cpu  1050 0 1050 5100 790 0 0 0 0 0\ncpu0 1050 0 1050 5100 790 0 0 0 0 0\nprocs_running 1\n");
        write("diskstats", " 254 0 vda 10 0 0 0 7100 0 0 0 0 704 0\n");
        write("net/netstat", "TcpExt: ListenOverflows ListenDrops\nTcpExt: 3 4\n");
        write("vmstat", "pgmajfault 10\n");
        HostSample s = sampler.sample(T0 + 1_000_000_000L);

        assertEquals(25.0, s.cpuUserPercent(), EXACT);
        assertEquals(25.0, s.cpuSystemPercent(), EXACT);
        assertEquals(0.0, s.cpuIowaitPercent(), EXACT);
        assertEquals(50.0, s.cpuIdlePercent(), EXACT);
        DiskSample vda = s.disks().get(0);
        assertEquals(100.0, vda.busyPercent(), EXACT); // 2^32 - 4294967000 + 704 = 1000 ms in 1 s
        assertEquals(0.0, vda.readsPerSec(), EXACT);
        assertEquals(100.0, vda.writesPerSec(), EXACT);
        assertEquals(0, s.tcpListenOverflows());
        assertEquals(0, s.tcpListenDrops());
        assertEquals(0.0, s.majorFaultsPerSec(), EXACT);
    }

    @Test
    void deltaReadsSmallBackwardStepsAsResetsAndLargeOnesAsWraps() {
        assertEquals(5, HostSampler.delta(10, 15));
        assertEquals(0, HostSampler.delta(15, 10));
        assertEquals(1000, HostSampler.delta(4294967000L, 704));
        assertEquals(0, HostSampler.delta(1L << 40, 5));
        assertEquals(0, HostSampler.delta(3_000_000_000L, 1_000_000_000L));
    }

    @Test
    void liveReadOfThisMachine() throws InterruptedException {
        HostSampler sampler = HostSampler.live(said::add);
        HostSample first = sampler.sample(System.nanoTime());
        Thread.sleep(300);
        HostSample s = sampler.sample(System.nanoTime());
        if (!Files.isDirectory(Path.of("/proc"))) {
            assertEquals(1, said.size(), said::toString);
            return;
        }
        assertTrue(first.cpus() >= 1);
        assertEquals(first.cpus(), s.cpus());
        assertTrue(s.procsRunning() >= 1, "this thread is running"); // procs_running counts the reader
        assertTrue(s.intervalSeconds() > 0.2);
        double sum = 0;
        for (double pct : new double[] {s.cpuUserPercent(), s.cpuSystemPercent(), s.cpuIowaitPercent(),
                s.cpuStealPercent(), s.cpuIdlePercent()}) {
            assertTrue(pct >= 0 && pct <= 100, s::toString);
            sum += pct;
        }
        assertEquals(100.0, sum, 1e-6);
        for (DiskSample d : s.disks()) {
            assertTrue(d.inFlight() >= 0);
            assertTrue(d.busyPercent() >= 0 && d.busyPercent() <= 100, d::toString);
            assertTrue(d.readsPerSec() >= 0 && d.writesPerSec() >= 0, d::toString);
            assertFalse(d.name().startsWith("loop"), d::toString);
        }
        assertTrue(s.memAvailableBytes() > 0 || said.stream().anyMatch(n -> n.contains("meminfo")));
        assertTrue(s.majorFaultsPerSec() >= 0 || said.stream().anyMatch(n -> n.contains("vmstat")));
        assertTrue(s.tcpListenOverflows() >= 0 || said.stream().anyMatch(n -> n.contains("netstat")));
        assertTrue(s.column().length() <= HostSample.COLUMN_WIDTH);
        assertEquals(said, sampler.unavailable());
    }

    private static List<String> names(HostSample s) {
        return s.disks().stream().map(DiskSample::name).toList();
    }

    private static DiskSample disk(HostSample s, String name) {
        return s.disks().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    /** What the parser makes of a file of normal/after, the snapshot eachFigureIsItsParsersReading samples. */
    private static <T> T parsed(String rel, BiFunction<List<String>, ProcLines.Notes, T> parser) {
        return parser.apply(ProcFixtures.fixture("normal/after/" + rel), new ProcFixtures.Noted());
    }

    private static Path fixture(String name) {
        try {
            return Path.of(HostSamplerTest.class.getResource("/host/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Lays a fixture snapshot over the temporary /proc, as the kernel would have moved the counters on. */
    private void copy(String name) {
        Path from = fixture(name);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = proc.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String rel, String text) {
        try {
            Path p = proc.resolve(rel);
            Files.createDirectories(p.getParent());
            Files.writeString(p, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
