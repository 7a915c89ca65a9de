package dev.harness.core.workload;

import java.util.Locale;

import dev.harness.core.SettingsException;

/**
 * {@code --message-type}: the JMS message type a run sends, as the application does. Each type
 * carries the harness's header in its own way ({@link MessageHeader} writes and reads them all), and
 * the payload after it: the broker and the clients pay for what the type costs them (a map's
 * entries, a stream's type tags, an object's serialization, text's encoding).
 */
public enum MessageType {
    BYTES("bytes", "BytesMessage: the header, then the payload's bytes", MessageHeader.BYTES),
    TEXT("text", "TextMessage: UTF-8, the header as " + MessageHeader.TEXT_CHARS + " hex digits, then the payload as"
            + " characters", MessageHeader.TEXT_CHARS),
    MAP("map", "MapMessage: the header as five entries, then the payload as string entries of "
            + MessageHeader.MAP_ENTRY_CHARS + " characters (field1, field2, ...)", MessageHeader.BYTES),
    STREAM("stream", "StreamMessage: the header as five typed values, then the payload's bytes", MessageHeader.BYTES),
    OBJECT("object", "ObjectMessage: a serialized byte array of the header and the payload", MessageHeader.BYTES);

    public static final MessageType DEFAULT = BYTES;

    private final String option;
    private final String what;
    private final int headerBytes;

    MessageType(String option, String what, int headerBytes) {
        this.option = option;
        this.what = what;
        this.headerBytes = headerBytes;
    }

    /** bytes, text, map, stream or object; anything else is one line naming --message-type. */
    public static MessageType parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (MessageType type : values()) {
            if (type.option.equals(t)) {
                return type;
            }
        }
        throw new SettingsException("--message-type", "expected bytes, text, map, stream or object, got '" + text + "'");
    }

    /** As --message-type takes it. */
    public String option() {
        return option;
    }

    /** As the run header says it. */
    public String describe() {
        return option + " (" + what + ")";
    }

    /** What of a message's size the harness's header takes: a size must leave room for it. */
    public int headerBytes() {
        return headerBytes;
    }
}
