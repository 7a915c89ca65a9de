package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * docs/reference/commands is what {@link CommandReference} writes from the code: an option added,
 * renamed or given another default without the pages regenerated fails here.
 */
class CommandReferenceTest {
    static final Path DIR = Path.of("..", "docs", "reference", "commands");

    @Test
    void theCommittedReferenceIsWhatTheCommandsDefine() throws IOException {
        Map<String, String> pages = CommandReference.pages();
        if (Boolean.getBoolean("harness.docs.write")) {
            write(pages);
        }
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> page : pages.entrySet()) {
            Path file = DIR.resolve(page.getKey());
            if (!Files.exists(file)) {
                wrong.add(file + " is missing");
            } else if (!Files.readString(file).equals(page.getValue())) {
                wrong.add(file + " differs from the code");
            }
        }
        for (String name : committed()) {
            if (!pages.containsKey(name)) {
                wrong.add(DIR.resolve(name) + " is no command's page");
            }
        }
        if (!wrong.isEmpty()) {
            fail(String.join("; ", wrong) + ": run " + CommandReference.REGENERATE + " to regenerate");
        }
    }

    /** Every command has its page, and every option of it is on that page or on the providers' page. */
    @Test
    void everyCommandAndOptionIsDescribed() {
        Map<String, String> pages = CommandReference.pages();
        Set<String> providerOptions = OptionGroups.providerOptionNames();
        List<CommandLine> commands = CommandReference.commands(Harness.commandLine());
        assertTrue(commands.size() >= 13, () -> "commands: " + commands);
        for (CommandLine command : commands) {
            String name = command.getCommandName();
            String page = pages.get(name + ".md");
            assertTrue(page != null, () -> "no page for harness " + name);
            assertTrue(pages.get("README.md").contains("[`harness " + name + "`](" + name + ".md)"),
                    () -> "the index lacks harness " + name);
            for (OptionSpec option : command.getCommandSpec().options()) {
                String row = "| `" + CommandReference.optionName(option).replace("|", "\\|") + "`";
                String where = providerOptions.contains(option.longestName()) ? "providers.md" : name + ".md";
                if (option.hidden()) { // internal to the harness (a sweep's shards): not for users
                    assertFalse(pages.get(where).contains(row), () -> where + " describes the internal " + row);
                    continue;
                }
                assertTrue(pages.get(where).contains(row), () -> where + " lacks " + row);
            }
        }
    }

    /** What the help text says is what the page says: the default of run --rate, the escaped |, an exit code. */
    @Test
    void aPageCarriesTheHelpsDefaultsAndExitCodes() {
        String run = CommandReference.pages().get("run.md");
        assertTrue(run.contains("| `--rate N\\|max` | Messages per second, all senders together, on one fixed schedule;"
                + " max = unthrottled. Default: " + Defaults.of("run --rate") + ". |"), run);
        assertTrue(run.contains("| 5 | the run completed and an objective (--slo) was not met, or the run was NOT VALID"), run);
        assertTrue(run.contains("[providers](providers.md)"), run);
        assertFalse(run.contains("--mq-qmgr"), "provider options are described on providers.md alone");
        String providers = CommandReference.pages().get("providers.md");
        assertTrue(providers.contains("## ibmmq") && providers.contains("`--mq-qmgr NAME`"), providers);
    }

    private static Set<String> committed() throws IOException {
        Set<String> names = new TreeSet<>();
        if (Files.isDirectory(DIR)) {
            try (Stream<Path> files = Files.list(DIR)) {
                files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".md")).forEach(names::add);
            }
        }
        return names;
    }

    private static void write(Map<String, String> pages) throws IOException {
        Files.createDirectories(DIR);
        for (String name : committed()) {
            if (!pages.containsKey(name)) {
                Files.delete(DIR.resolve(name));
            }
        }
        for (Map.Entry<String, String> page : pages.entrySet()) {
            Files.writeString(DIR.resolve(page.getKey()), page.getValue());
        }
    }
}
