package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
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

    /**
     * picocli reads a command's texts as format strings: a lone "%" (as in "5 %") makes it print a
     * warning on stderr before the help, the first thing a newcomer sees. Each command's
     * description, header, footer and exit codes are formatted here as picocli formats them, and
     * none may fail. (An option's description comes back from picocli with its escapes resolved,
     * so it cannot be checked this way.)
     */
    @Test
    void noCommandsHelpWarns() {
        List<String> bad = new ArrayList<>();
        List<CommandLine> commands = new ArrayList<>();
        CommandLine root = Harness.commandLine();
        commands.add(root);
        commands.addAll(root.getSubcommands().values());
        for (CommandLine c : commands) {
            UsageMessageSpec usage = c.getCommandSpec().usageMessage();
            List<String> texts = new ArrayList<>(List.of(usage.description()));
            texts.addAll(List.of(usage.header()));
            texts.addAll(List.of(usage.footer()));
            texts.addAll(usage.exitCodeList().values());
            for (String t : texts) {
                try {
                    String.format(Locale.ROOT, t);
                } catch (IllegalFormatException e) {
                    bad.add(c.getCommandName() + ": " + e.getMessage() + " in '" + t + "'");
                }
            }
        }
        assertTrue(bad.isEmpty(), () -> String.join("\n", bad));
    }
}
