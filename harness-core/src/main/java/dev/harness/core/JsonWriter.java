package dev.harness.core;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * A small streaming JSON writer: objects, arrays, strings, numbers. Commas are placed for the
 * caller; output is indented one level per nesting for people who open the file, or all on one
 * line ({@link #oneLine}) for files read a line at a time (events, a readiness file).
 */
public final class JsonWriter {
    private final StringBuilder out = new StringBuilder();
    private final boolean[] needsComma = new boolean[64];
    private final boolean oneLine;
    private int depth;
    private boolean pendingName;

    public JsonWriter() {
        this(false);
    }

    private JsonWriter(boolean oneLine) {
        this.oneLine = oneLine;
    }

    /** A writer whose output has no line breaks: one JSON value, one line. */
    public static JsonWriter oneLine() {
        return new JsonWriter(true);
    }

    public JsonWriter beginObject() {
        value();
        out.append('{');
        needsComma[++depth] = false;
        return this;
    }

    public JsonWriter endObject() {
        depth--;
        newline();
        out.append('}');
        return this;
    }

    public JsonWriter beginArray() {
        value();
        out.append('[');
        needsComma[++depth] = false;
        return this;
    }

    public JsonWriter endArray() {
        depth--;
        newline();
        out.append(']');
        return this;
    }

    public JsonWriter name(String name) {
        comma();
        newline();
        string(name);
        out.append(oneLine ? ":" : ": ");
        needsComma[depth] = true;
        pendingName = true;
        return this;
    }

    public JsonWriter value(String s) {
        value();
        if (s == null) {
            out.append("null");
        } else {
            string(s);
        }
        return this;
    }

    public JsonWriter value(long n) {
        value();
        out.append(n);
        return this;
    }

    public JsonWriter value(double d) {
        value();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            out.append("null");
        } else {
            // Nine significant digits: more than any measurement here carries.
            out.append(new BigDecimal(d).round(new MathContext(9)).stripTrailingZeros().toPlainString());
        }
        return this;
    }

    public JsonWriter value(boolean b) {
        value();
        out.append(b);
        return this;
    }

    public JsonWriter field(String name, String v) {
        return name(name).value(v);
    }

    public JsonWriter field(String name, long v) {
        return name(name).value(v);
    }

    public JsonWriter field(String name, double v) {
        return name(name).value(v);
    }

    public JsonWriter field(String name, boolean v) {
        return name(name).value(v);
    }

    /** Positions a value: after a name as is, in an array after a comma and a new line. */
    private void value() {
        if (pendingName) {
            pendingName = false;
            return;
        }
        if (depth > 0) {
            comma();
            newline();
            needsComma[depth] = true;
        }
    }

    private void comma() {
        if (needsComma[depth]) {
            out.append(',');
        }
    }

    private void newline() {
        if (oneLine) {
            return;
        }
        out.append('\n');
        out.append("  ".repeat(Math.max(0, depth)));
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
