package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/** harness --help as a newcomer reads it first. */
class HelpTest {
    /**
     * The command list shows each command's first description line (its header when it has one):
     * a whole sentence, never one cut off where the command's own help goes on.
     */
    @Test
    void everyCommandsLineInTheListIsAWholeSentence() {
        for (Map.Entry<String, CommandLine> c : Harness.commandLine().getSubcommands().entrySet()) {
            UsageMessageSpec usage = c.getValue().getCommandSpec().usageMessage();
            String line = usage.header().length > 0 ? usage.header()[0] : usage.description()[0];
            assertTrue(line.strip().endsWith("."), () -> c.getKey() + ": '" + line + "'");
            assertFalse(line.contains("%n"), () -> c.getKey() + ": '" + line + "'");
        }
    }
}
