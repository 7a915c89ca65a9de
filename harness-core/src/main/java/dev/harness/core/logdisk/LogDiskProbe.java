package dev.harness.core.logdisk;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import dev.harness.core.measure.Histograms;
import dev.harness.core.run.RunControl;

/**
 * Can this filesystem keep up with a persistent-messaging log? Lays out files like a queue
 * manager's recovery log, fills them first (so no block is allocated during the test), then
 * for each block size writes sequentially, file after file, each write durable before the next.
 * With several threads, each writes its own files.
 */
public final class LogDiskProbe {
    private static final long SECOND = 1_000_000_000L;
    private static final int FILL_CHUNK = 1 << 20;

    /** Opens a file channel; tests substitute one that watches what is asked of the channel. */
    public interface ChannelOpener {
        FileChannel open(Path path, Set<OpenOption> options) throws IOException;
    }

    /** Told what happens, on the thread that runs the test. */
    public interface Listener {
        default void blockSizeStarted(int blockSize) {
        }

        /** One second of one block size: the writes completed in it and their latencies. */
        default void second(int blockSize, int second, Histogram latencies) {
        }

        default void blockSizeFinished(BlockSizeResult result) {
        }
    }

    private final LogDiskSettings settings;
    private final ChannelOpener opener;
    private final RunControl control;

    public LogDiskProbe(LogDiskSettings settings, RunControl control) {
        this(settings, control, FileChannel::open);
    }

    LogDiskProbe(LogDiskSettings settings, RunControl control, ChannelOpener opener) {
        this.settings = settings;
        this.control = control;
        this.opener = opener;
    }

    /** What is wrong with the settings on this machine, found before anything is created; or null. */
    public static String problem(LogDiskSettings s) {
        if (!Files.isDirectory(s.dir())) {
            return "--dir " + s.dir() + ": no such directory";
        }
        if (!Files.isWritable(s.dir())) {
            return "--dir " + s.dir() + ": not writable";
        }
        for (int b : s.blockSizes()) {
            if (b > s.fileSize()) {
                return "--bsize " + b + ": larger than --file-size " + s.fileSize();
            }
        }
        for (int i = 0; i < s.files(); i++) {
            if (Files.exists(s.file(i))) {
                return "--dir " + s.dir() + ": " + s.file(i).getFileName() + " already exists (another test's file?)";
            }
        }
        try {
            FileStore store = Files.getFileStore(s.dir());
            long needed = s.files() * s.fileSize();
            if (store.getUsableSpace() < needed) {
                return String.format("--dir %s: %,d bytes free, the layout (--files %d x --file-size %d) needs %,d",
                        s.dir(), store.getUsableSpace(), s.files(), s.fileSize(), needed);
            }
        } catch (IOException e) {
            return "--dir " + s.dir() + ": cannot tell how much space is free (" + e.getMessage() + ")";
        }
        return null;
    }

    /** Creates and fills every file, and makes the layout durable; on failure removes what it made. */
    public void layOut() throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(FILL_CHUNK);
        try {
            for (int i = 0; i < settings.files(); i++) {
                try (FileChannel ch = FileChannel.open(settings.file(i), StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE)) {
                    for (long pos = 0; pos < settings.fileSize(); ) {
                        zeros.clear();
                        zeros.limit((int) Math.min(FILL_CHUNK, settings.fileSize() - pos));
                        pos += ch.write(zeros, pos);
                    }
                    ch.force(true);
                }
            }
        } catch (IOException | RuntimeException e) {
            removeFiles();
            throw e;
        }
    }

    public List<BlockSizeResult> run(Listener listener) throws IOException {
        List<BlockSizeResult> results = new ArrayList<>();
        for (int blockSize : settings.blockSizes()) {
            if (control.stopRequested()) {
                break;
            }
            listener.blockSizeStarted(blockSize);
            BlockSizeResult r = runBlockSize(blockSize, listener);
            results.add(r);
            listener.blockSizeFinished(r);
        }
        return results;
    }

    public void removeFiles() {
        for (int i = 0; i < settings.files(); i++) {
            try {
                Files.deleteIfExists(settings.file(i));
            } catch (IOException e) {
                // Best effort; the caller says where the files were.
            }
        }
    }

    private BlockSizeResult runBlockSize(int blockSize, Listener listener) throws IOException {
        int seconds = (int) Math.min(Integer.MAX_VALUE - 2, settings.durationNs() / SECOND + 2);
        Shared shared = new Shared(new Recorder(Histograms.LOWEST_NS, Histograms.HIGHEST_NS, Histograms.DIGITS),
                new AtomicLong(), new AtomicLongArray(seconds));
        List<Writer> writers = new ArrayList<>();
        for (int t = 0; t < settings.threads(); t++) {
            writers.add(new Writer(t, blockSize, shared));
        }
        for (Writer w : writers) {
            w.open();
        }
        long start = System.nanoTime();
        long end = start + settings.durationNs();
        List<Thread> threads = new ArrayList<>();
        for (Writer w : writers) {
            w.startNs = start;
            w.endNs = end;
            Thread th = new Thread(w, "harness-logdisk-" + w.id);
            th.setDaemon(true);
            threads.add(th);
            th.start();
        }
        Histogram total = Histograms.create();
        Histogram interval = Histograms.create();
        int second = 0;
        while (threads.stream().anyMatch(Thread::isAlive)) {
            long tick = start + (second + 1) * SECOND;
            long now = System.nanoTime();
            if (now >= tick) {
                shared.recorder().getIntervalHistogramInto(interval);
                total.add(interval);
                listener.second(blockSize, ++second, interval);
            } else {
                LockSupport.parkNanos(Math.min(tick - now, TimeUnit.MILLISECONDS.toNanos(20)));
            }
        }
        long finished = writers.stream().mapToLong(w -> w.lastWriteNs).max().orElse(start);
        shared.recorder().getIntervalHistogramInto(interval);
        if (interval.getTotalCount() > 0) {
            total.add(interval);
            listener.second(blockSize, ++second, interval); // the last, partial second
        }
        for (Writer w : writers) {
            w.close();
            if (w.failure != null) {
                throw w.failure;
            }
        }
        Writer slowest = writers.stream().max((a, b) -> Long.compare(a.maxNs, b.maxNs)).orElseThrow();
        Writer fastest = writers.stream().min((a, b) -> Long.compare(a.minNs, b.minNs)).orElseThrow();
        double ran = Math.max(0, finished - start) / 1e9;
        int wholeSeconds = (int) Math.min(seconds, (long) Math.floor(ran));
        long[] perSecond = new long[wholeSeconds];
        for (int i = 0; i < wholeSeconds; i++) {
            perSecond[i] = shared.bytesPerSecond().get(i);
        }
        return new BlockSizeResult(blockSize, total.getTotalCount(), total.getTotalCount() * blockSize, ran, perSecond,
                total, slowest.maxIndex, fastest.minIndex);
    }

    private record Shared(Recorder recorder, AtomicLong writeIndex, AtomicLongArray bytesPerSecond) {
    }

    /** One writer thread: its own files (id, id+threads, ...), written sequentially, durably. */
    private final class Writer implements Runnable {
        final int id;
        final int blockSize;
        final Shared shared;
        final List<FileChannel> channels = new ArrayList<>();
        final ByteBuffer block;
        long startNs;
        long endNs;
        volatile long lastWriteNs;
        long maxNs = Long.MIN_VALUE;
        long maxIndex;
        long minNs = Long.MAX_VALUE;
        long minIndex;
        IOException failure;

        Writer(int id, int blockSize, Shared shared) {
            this.id = id;
            this.blockSize = blockSize;
            this.shared = shared;
            this.block = ByteBuffer.allocateDirect(blockSize);
            for (int i = 0; i < blockSize; i++) {
                block.put(i, (byte) (i * 31 + id));
            }
        }

        void open() throws IOException {
            for (int f = id; f < settings.files(); f += settings.threads()) {
                channels.add(opener.open(settings.file(f), settings.sync().openOptions()));
            }
        }

        @Override
        public void run() {
            int file = 0;
            long position = 0;
            try {
                while (!control.stopRequested()) {
                    if (position + blockSize > settings.fileSize()) {
                        file = (file + 1) % channels.size();
                        position = 0;
                    }
                    FileChannel ch = channels.get(file);
                    block.clear();
                    long t0 = System.nanoTime();
                    long at = position;
                    while (block.hasRemaining()) {
                        at += ch.write(block, at);
                    }
                    settings.sync().afterWrite(ch);
                    long t1 = System.nanoTime();
                    position = at;
                    record(t1 - t0, t1);
                    if (t1 >= endNs) {
                        break;
                    }
                }
            } catch (IOException e) {
                failure = e;
                control.fail("write failed: " + e.getMessage());
            }
        }

        private void record(long latencyNs, long nowNs) {
            long index = shared.writeIndex().incrementAndGet();
            shared.recorder().recordValue(Histograms.clamp(latencyNs));
            long second = (nowNs - startNs) / SECOND;
            if (second < shared.bytesPerSecond().length()) {
                shared.bytesPerSecond().addAndGet((int) second, blockSize);
            }
            if (latencyNs > maxNs) {
                maxNs = latencyNs;
                maxIndex = index;
            }
            if (latencyNs < minNs) {
                minNs = latencyNs;
                minIndex = index;
            }
            lastWriteNs = nowNs;
        }

        void close() {
            for (FileChannel ch : channels) {
                try {
                    ch.close();
                } catch (IOException e) {
                    // The data that counted was already made durable.
                }
            }
        }
    }
}
