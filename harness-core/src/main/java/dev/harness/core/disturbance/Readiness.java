package dev.harness.core.disturbance;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.harness.core.SettingsException;

/**
 * How the harness knows a broker started by {@code --start-cmd} is back: by default the first
 * connection through the provider that succeeds; with {@code --ready-log} and {@code --ready-line},
 * a line appended to the broker's own log (seed 002 read AMQ8024I in AMQERR01.LOG).
 */
public sealed interface Readiness {
    /** One line for the header, the summary and the restart-study table. */
    String describe();

    /** The first connection through the provider in use that succeeds (polled). */
    record Connect() implements Readiness {
        @Override
        public String describe() {
            return "the first connection that succeeds (polled every " + CommandBrokerKiller.CONNECT_EVERY_MS + " ms)";
        }
    }

    /**
     * A line containing {@code readyLine} appended to {@code log} after the start command ran;
     * {@code startLine}, when given, marks the broker's first message, to time the restart from it too.
     */
    record LogLine(Path log, String readyLine, String startLine) implements Readiness {
        @Override
        public String describe() {
            return "a line with '" + readyLine + "' appended to " + log
                    + (startLine == null ? "" : " (restart also timed from a line with '" + startLine + "')");
        }
    }

    /** {@code --ready-when}'s values: the rule by name. */
    enum Rule { connection, log }

    /**
     * The rule these options ask for; they check themselves. {@code rule} is {@code --ready-when},
     * null when not given: then {@code --ready-log} implies {@code log}.
     */
    static Readiness of(Rule rule, Path readyLog, String readyLine, String startLine) {
        if (rule == Rule.log) {
            SettingsException.require(readyLog != null, "--ready-when", "log needs --ready-log FILE and --ready-line TEXT");
        }
        if (rule == Rule.connection) {
            SettingsException.require(readyLog == null, "--ready-when", "connection polls the broker; --ready-log watches"
                    + " its log: give one of them");
        }
        if (readyLog == null) {
            SettingsException.require(readyLine == null, "--ready-line", "applies with --ready-log FILE, the log to watch");
            SettingsException.require(startLine == null, "--start-line", "applies with --ready-log and --ready-line");
            return new Connect();
        }
        SettingsException.require(readyLine != null && !readyLine.isBlank(), "--ready-log",
                "expected with --ready-line TEXT, the line that says the broker is ready (AMQ8024I for IBM MQ)");
        SettingsException.require(startLine == null || !startLine.isBlank(), "--start-line", "expected some text, got none");
        Path dir = readyLog.toAbsolutePath().getParent();
        SettingsException.require(dir != null && Files.isDirectory(dir), "--ready-log",
                "no directory " + dir + " to hold " + readyLog);
        SettingsException.require(!Files.isDirectory(readyLog), "--ready-log", readyLog + " is a directory, expected a log file");
        return new LogLine(readyLog, readyLine, startLine);
    }
}
