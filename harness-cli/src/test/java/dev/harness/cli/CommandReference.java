package dev.harness.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.jms.ProviderKind;
import dev.harness.core.jms.ProviderKinds;
import dev.harness.core.jms.ProviderOption;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * docs/reference/commands, written from the commands' own picocli model (names, labels,
 * descriptions with their defaults, exit codes), so the option reference is never a second copy
 * kept by hand. {@link CommandReferenceTest} compares the committed pages with these and rewrites
 * them on request.
 */
final class CommandReference {
    /** How to regenerate, for the pages' notice and the test's failure. */
    static final String REGENERATE = "mvn -B -q -pl harness-cli -am test -Dtest=CommandReferenceTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dharness.docs.write=true";

    private static final String NOTICE = "<!-- Generated from the commands' definitions by harness-cli's CommandReference:"
            + " do not edit. Regenerate with: " + REGENERATE + " -->";

    private static final Pattern SENTENCE_END = Pattern.compile("\\.(\\s+(?=[A-Z(])|$)");

    private CommandReference() {
    }

    /** Every page by its file name in docs/reference/commands, in a stable order. */
    static Map<String, String> pages() {
        CommandLine root = Harness.commandLine();
        Set<String> providerOptions = OptionGroups.providerOptionNames();
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("README.md", index(root.getCommandSpec(), providerOptions));
        for (CommandLine sub : commands(root)) {
            pages.put(sub.getCommandName() + ".md", page(sub.getCommandSpec(), providerOptions));
        }
        pages.put("providers.md", providers(root));
        return pages;
    }

    /** The harness's commands, without picocli's own help command. */
    static List<CommandLine> commands(CommandLine root) {
        return root.getSubcommands().values().stream()
                .filter(c -> !(c.getCommand() instanceof CommandLine.HelpCommand))
                .distinct().toList();
    }

    private static String index(CommandSpec root, Set<String> providerOptions) {
        StringBuilder md = new StringBuilder();
        md.append(NOTICE).append("\n\n");
        md.append("# Command reference\n\n");
        md.append("Every command and option of `harness`, as the commands themselves define them (the same text as"
                + " `harness COMMAND --help`). One page per command: what it does, its options with their defaults,"
                + " and its exit codes.\n\n");
        md.append("| command | what it does |\n|---|---|\n");
        for (CommandLine sub : commands(root.commandLine())) {
            CommandSpec spec = sub.getCommandSpec();
            md.append("| [`harness ").append(spec.name()).append("`](").append(spec.name()).append(".md) | ")
                    .append(cell(firstSentence(spec))).append(" |\n");
        }
        md.append("\nThe options that choose and reach the messaging system (`--provider` and each provider's own)"
                + " are on one page: [providers](providers.md).\n\n");
        md.append("`harness` alone takes:\n\n");
        optionTable(md, root.options());
        md.append("\nAn argument `@FILE` reads options from a file, one per line (the profiles in `config/`); options"
                + " after it override it.\n");
        return md.toString();
    }

    private static String page(CommandSpec spec, Set<String> providerOptions) {
        StringBuilder md = new StringBuilder();
        md.append(NOTICE).append("\n\n");
        md.append("# harness ").append(spec.name()).append("\n\n");
        description(md, spec.usageMessage().description());
        md.append("```\n").append(synopsis(spec)).append("\n```\n\n");
        if (!spec.positionalParameters().isEmpty()) {
            md.append("## Arguments\n\n| argument | description |\n|---|---|\n");
            for (PositionalParamSpec p : spec.positionalParameters()) {
                if (!p.hidden()) {
                    md.append("| `").append(code(p.paramLabel())).append(p.isMultiValue() ? "...` (one or more)" : "`")
                            .append(" | ").append(cell(description(p.description()))).append(" |\n");
                }
            }
            md.append("\n");
        }
        List<OptionSpec> own = new ArrayList<>();
        List<String> provider = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (providerOptions.contains(o.longestName())) {
                provider.add(o.longestName());
            } else {
                own.add(o);
            }
        }
        md.append("## Options\n\n");
        if (OptionGroups.grouped(spec)) {
            // Under the headings of its --help; the provider options are on their own page.
            // The command's own options first, straight under "Options".
            boolean first = true;
            for (OptionGroups.Group g : OptionGroups.of(spec)) {
                List<OptionSpec> shown = g.options().stream().filter(own::contains).toList();
                if (!shown.isEmpty()) {
                    if (!first || !g.heading().equals(OptionGroups.OWN)) {
                        md.append(first ? "" : "\n").append("### ").append(g.heading()).append("\n\n");
                    }
                    optionTable(md, shown);
                    first = false;
                }
            }
        } else {
            optionTable(md, own);
        }
        if (!provider.isEmpty()) {
            md.append("\nThis command also takes the provider options, which choose and reach the messaging system: "
                    + "`--provider` and each provider's own (`--url`, `--mq-*`, `--jndi`, `--cf`). They are described once,"
                    + " in [providers](providers.md).\n");
        }
        Map<String, String> exitCodes = spec.usageMessage().exitCodeList();
        if (!exitCodes.isEmpty()) {
            md.append("\n## Exit codes\n\n| code | meaning |\n|---|---|\n");
            exitCodes.forEach((code, meaning) -> md.append("| ").append(code.strip()).append(" | ")
                    .append(cell(text(meaning))).append(" |\n"));
            md.append("\nWhat every code means for every command: [exit codes](../exit-codes.md).\n");
        }
        return md.toString();
    }

    private static String providers(CommandLine root) {
        List<String> taking = commands(root).stream().map(CommandLine::getCommandSpec)
                .filter(s -> s.findOption(ProviderOptions.PROVIDER) != null).map(s -> "`harness " + s.name() + "`").toList();
        CommandSpec spec = root.getSubcommands().get("run").getCommandSpec();
        StringBuilder md = new StringBuilder();
        md.append(NOTICE).append("\n\n");
        md.append("# Provider options\n\n");
        md.append("The options that choose the messaging system a command drives, and say how to reach it. ")
                .append(String.join(", ", taking)).append(" take them; `harness ab` takes them as run options common"
                        + " to both sides. An option of another provider than the one chosen is refused.\n\n");
        optionTable(md, List.of(spec.findOption(ProviderOptions.PROVIDER)));
        for (ProviderKind kind : ProviderKinds.all()) {
            md.append("\n## ").append(kind.name()).append("\n\n`--provider ").append(kind.name()).append("`: ")
                    .append(escape(text(kind.description()))).append(kind.description().endsWith(".") ? "" : ".").append("\n");
            List<OptionSpec> options = kind.options().stream().map(ProviderOption::name).map(spec::findOption).toList();
            if (!options.isEmpty()) {
                md.append("\n");
                optionTable(md, options);
            }
        }
        return md.toString();
    }

    private static void optionTable(StringBuilder md, List<OptionSpec> options) {
        md.append("| option | description |\n|---|---|\n");
        for (OptionSpec o : options) {
            if (o.hidden()) {
                continue;
            }
            List<String> notes = new ArrayList<>();
            if (o.required() && (o.group() == null || o.group().multiplicity().min() > 0)) {
                notes.add("required");
            }
            if (o.group() != null && o.group().exclusive()) {
                o.group().options().stream().filter(other -> other != o)
                        .forEach(other -> notes.add("not with " + other.longestName()));
            }
            if (o.isMultiValue() && o.arity().max() <= 1) {
                notes.add("repeatable");
            }
            md.append("| `").append(code(optionName(o))).append("`")
                    .append(notes.isEmpty() ? "" : " (" + String.join(", ", notes) + ")")
                    .append(" | ").append(cell(description(o.description()))).append(" |\n");
        }
    }

    /** The option as a user types it: its names, and its value's label. */
    static String optionName(OptionSpec o) {
        return OptionGroups.optionName(o);
    }

    private static String synopsis(CommandSpec spec) {
        return OptionGroups.synopsis(spec);
    }

    /**
     * A command's description: lines that picocli shows indented are examples (a code block); the
     * others run on as one paragraph, as several are one sentence cut into lines.
     */
    private static void description(StringBuilder md, String[] lines) {
        List<String> paragraph = new ArrayList<>();
        List<String> code = new ArrayList<>();
        for (String raw : lines) {
            for (String line : text(raw).split("\n", -1)) {
                if (line.startsWith(" ")) {
                    flush(md, paragraph, false);
                    code.add(line.strip());
                } else if (line.isBlank()) {
                    flush(md, code, true);
                    flush(md, paragraph, false);
                } else {
                    flush(md, code, true);
                    paragraph.add(line.strip());
                }
            }
        }
        flush(md, code, true);
        flush(md, paragraph, false);
    }

    private static void flush(StringBuilder md, List<String> lines, boolean code) {
        if (lines.isEmpty()) {
            return;
        }
        if (code) {
            md.append("```\n").append(String.join("\n", lines)).append("\n```\n\n");
        } else {
            md.append(escape(String.join(" ", lines))).append("\n\n");
        }
        lines.clear();
    }

    private static String description(String[] lines) {
        List<String> parts = new ArrayList<>();
        for (String line : lines) {
            parts.add(text(line).strip());
        }
        return String.join(" ", parts);
    }

    /** The first sentence of a command's description, for the index. */
    static String firstSentence(CommandSpec spec) {
        List<String> paragraph = new ArrayList<>();
        for (String line : spec.usageMessage().description()) {
            if (line.startsWith(" ")) {
                break;
            }
            paragraph.add(line);
        }
        String all = description(paragraph.toArray(String[]::new));
        Matcher m = SENTENCE_END.matcher(all);
        return m.find() ? all.substring(0, m.start() + 1) : all;
    }

    /** picocli's format escapes as help prints them: %n a new line, %% a per cent sign. */
    private static String text(String s) {
        return s.replace("%n", "\n").replace("%%", "%");
    }

    /** Text in a table cell: Markdown escaped, on one line. */
    private static String cell(String s) {
        return escape(s).replace("\n", " ").replace("|", "\\|");
    }

    /** Inside a code span in a table cell, only the column separator needs escaping. */
    private static String code(String s) {
        return s.replace("|", "\\|");
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("<", "&lt;").replace("*", "\\*").replace("_", "\\_");
    }
}
