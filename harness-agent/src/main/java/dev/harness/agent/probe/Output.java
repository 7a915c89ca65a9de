package dev.harness.agent.probe;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/** Where the agent's thread puts what it ships: back to harness probe, or files (at start). */
interface Output {
    void message(String text) throws IOException;

    /**
     * One interval's histogram of a tag; outcome {@code calls} (every call, returned or thrown),
     * {@code failed} (of those, the ones that threw), {@code empty}, {@code pause} or {@code corrected}.
     */
    void interval(String outcome, String tag, long startMs, long endMs, Histogram h) throws IOException;

    void errorKinds(Map<String, Long> kinds) throws IOException;

    /** Sends of a tag that returned so far, by delivery mode. */
    void delivery(String tag, long persistent, long nonPersistent, long unknown) throws IOException;

    /** What the probe's own threads cost this JVM: CPU ns in all, over wall ns, of them the pause detector's and the hiccup meter's. */
    void cost(long cpuNs, long wallNs, long detectorNs, long meterNs) throws IOException;

    /** Called after each ship. */
    void flush() throws IOException;

    /** The last word; closes. */
    void end(String reason);

    /**
     * Closes at once, from any thread, without waiting for one blocked writing: the exit hook's
     * way out when the last word does not get through.
     */
    void abort();

    /**
     * The wire to harness probe ({@link ProbeWire}), flushed once per ship. Its end of the socket
     * closing (the probe died) stops the agent as well as its {@link ProbeWire#STOP}.
     */
    final class Wire implements Output {
        private final Socket socket;
        private final Writer out;
        private final BufferedReader in;

        Wire(int port, String token) throws IOException {
            socket = new Socket();
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            socket.setTcpNoDelay(true);
            out = new BufferedWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8));
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out.write(ProbeWire.hello(token, ProcessHandle.current().pid()) + "\n");
            out.flush();
        }

        /** Blocks until the probe says stop or goes away; returns why. */
        String awaitStop() {
            try {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.equals(ProbeWire.STOP)) {
                        return "stopped by harness probe";
                    }
                }
                return "harness probe went away (its connection closed)";
            } catch (IOException e) {
                return "harness probe went away (" + e.getMessage() + ")";
            }
        }

        @Override
        public synchronized void message(String text) throws IOException {
            out.write(ProbeWire.message(text) + "\n");
        }

        @Override
        public synchronized void interval(String outcome, String tag, long startMs, long endMs, Histogram h)
                throws IOException {
            out.write(ProbeWire.interval(outcome, tag, startMs, endMs, ProbeTotals.encode(h)) + "\n");
        }

        @Override
        public synchronized void errorKinds(Map<String, Long> kinds) throws IOException {
            for (Map.Entry<String, Long> e : kinds.entrySet()) {
                out.write(ProbeWire.errorKind(e.getValue(), e.getKey()) + "\n");
            }
        }

        @Override
        public synchronized void delivery(String tag, long persistent, long nonPersistent, long unknown)
                throws IOException {
            out.write(ProbeWire.delivery(tag, persistent, nonPersistent, unknown) + "\n");
        }

        @Override
        public synchronized void cost(long cpuNs, long wallNs, long detectorNs, long meterNs) throws IOException {
            out.write(ProbeWire.cost(cpuNs, wallNs, detectorNs, meterNs) + "\n");
        }

        @Override
        public synchronized void flush() throws IOException {
            out.flush();
        }

        @Override
        public synchronized void end(String reason) {
            try {
                out.write(ProbeWire.bye(reason) + "\n");
                out.flush();
            } catch (IOException e) {
                // The probe is gone: nobody to tell.
            }
            abort();
        }

        /** Not synchronized: a writer blocked on a full socket holds the lock, and closing is what frees it. */
        @Override
        public void abort() {
            try {
                socket.close();
            } catch (IOException e) {
                // Closed either way.
            }
        }
    }

    /**
     * At start ({@code -javaagent:...=probe,hlog=F}): the hlog, written with HdrHistogram's own
     * log writer line for line as harness-core's HlogWriter writes it, and the tables in a text file.
     */
    final class Files implements Output {
        private final PrintStream hlog;
        private final HistogramLogWriter writer;
        private final PrintStream table;
        private final ProbeTotals totals;
        private final long tableMs;
        private final long startMs;
        private long nextTableMs;

        Files(ProbeOptions o, long startMs, String title) throws IOException {
            this.startMs = startMs;
            hlog = new PrintStream(new FileOutputStream(o.hlog()), false, StandardCharsets.UTF_8);
            table = new PrintStream(new FileOutputStream(o.table()), true, StandardCharsets.UTF_8);
            writer = new HistogramLogWriter(hlog);
            writer.outputComment(title);
            writer.outputComment("interval: " + ProbeOptions.shipMs(o.intervalMs()) + "ms");
            writer.outputLogFormatVersion();
            writer.outputStartTime(startMs);
            writer.setBaseTime(startMs);
            writer.outputBaseTime(startMs);
            writer.outputLegend();
            hlog.flush();
            tableMs = o.intervalMs();
            nextTableMs = startMs + tableMs;
            totals = new ProbeTotals(o.intervalMs() % 1000 == 0 ? o.intervalMs() / 1000 + "s" : o.intervalMs() + "ms");
            table.println(title);
        }

        @Override
        public void message(String text) {
            table.println(text);
        }

        @Override
        public void interval(String outcome, String tag, long startMs, long endMs, Histogram h) {
            String hlogTag = Ops.hlogTag(outcome, tag);
            if (hlogTag != null) {
                h.setTag(hlogTag);
                writer.outputIntervalHistogram((startMs - this.startMs) / 1000.0, (endMs - this.startMs) / 1000.0, h);
            }
            totals.add(outcome, tag, ProbeTotals.encode(h));
        }

        @Override
        public void delivery(String tag, long persistent, long nonPersistent, long unknown) {
            totals.delivery(tag, persistent, nonPersistent, unknown);
        }

        @Override
        public void cost(long cpuNs, long wallNs, long detectorNs, long meterNs) {
            totals.cost(cpuNs, wallNs, detectorNs, meterNs);
        }

        @Override
        public void errorKinds(Map<String, Long> kinds) {
            totals.errorKinds(kinds);
        }

        @Override
        public void flush() {
            hlog.flush();
            long now = System.currentTimeMillis();
            if (now >= nextTableMs) {
                table.print(totals.table());
                nextTableMs = now + tableMs;
            }
        }

        @Override
        public void abort() {
            // Files: nothing else writes to them, and the JVM's exit closes them.
        }

        @Override
        public void end(String reason) {
            hlog.close();
            table.print(totals.table());
            table.println("probe ended: " + reason);
            table.print(totals.summary());
            table.close();
        }
    }
}
