package dev.harness.cli;

import java.util.ArrayList;
import java.util.List;

/** Options given as one string (ab's --a and --b), split as a shell splits simple words and quotes. */
final class ShellWords {
    private ShellWords() {
    }

    /** The words; an IllegalArgumentException for a quote left open. */
    static List<String> split(String value) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (char c : value.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    current.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    out.add(current.toString());
                    current.setLength(0);
                    inWord = false;
                }
            } else {
                current.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unbalanced quote");
        }
        if (inWord) {
            out.add(current.toString());
        }
        return out;
    }
}
