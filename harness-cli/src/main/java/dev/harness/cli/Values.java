package dev.harness.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.SettingsException;
import dev.harness.core.Sizes;
import dev.harness.core.schedule.Warmup;
import dev.harness.core.workload.MessageType;
import dev.harness.core.workload.PayloadContent;
import dev.harness.core.workload.SizeMix;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parsers for the value forms users type: durations, sizes, rates. */
final class Values {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s|m|h)?");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?");

    private Values() {
    }

    /**
     * "150us", "500ms", "30s", "2m", "1h". A number without its unit is refused (is 5 seconds or
     * milliseconds?), except 0, which is the same in every unit (as Go's time.ParseDuration takes it).
     * The one parser of every duration option.
     */
    static long durationNs(String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("expected a duration such as 500ms, 30s, 2m or 1h, got '" + text + "'");
        }
        double n = Double.parseDouble(m.group(1));
        if (m.group(2) == null && n != 0) {
            throw new NoUnit(text.trim());
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        double ns = switch (unit) {
            case "us" -> n * 1e3;
            case "ms" -> n * 1e6;
            case "s" -> n * 1e9;
            case "m" -> n * 60e9;
            default -> n * 3600e9;
        };
        if (ns > Long.MAX_VALUE / 4) {
            throw new TypeConversionException("duration '" + text + "' is too long");
        }
        return Math.round(ns);
    }

    /** A duration given as a bare number; the command line's handler names the option in its line ({@link #noUnit}). */
    static final class NoUnit extends TypeConversionException {
        final String number;

        NoUnit(String number) {
            super("a duration needs its unit: " + number + "s, " + number + "ms, ... (us, ms, s, m or h), got '" + number + "'");
            this.number = number;
        }
    }

    /** "--duration 5: a duration needs its unit, e.g. --duration 5s (us, ms, s, m or h)". */
    static String noUnit(String option, NoUnit e) {
        return option + " " + e.number + ": a duration needs its unit, e.g. " + option + " " + e.number
                + "s (us, ms, s, m or h)";
    }

    /** "2048", "2KiB", "1MiB"; K, KB and KiB all mean 1024 bytes, as MQ users write them. */
    static int sizeBytes(String text) {
        long bytes = sizeBytesLong(text);
        if (bytes > Integer.MAX_VALUE - 1024) {
            throw new TypeConversionException("size '" + text + "' is too large");
        }
        return (int) bytes;
    }

    /** Like {@link #sizeBytes} but up to terabytes, and with G/GiB. */
    static long sizeBytesLong(String text) {
        Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || m.group(1).length() > 12) {
            throw new TypeConversionException("expected a size in bytes such as 512, 2KiB, 64MiB or 1GiB, got '" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        try {
            return Math.multiplyExact(n, Sizes.multiplier(m.group(2) == null ? "b" : m.group(2)));
        } catch (ArithmeticException e) {
            throw new TypeConversionException("size '" + text + "' is too large");
        }
    }

    /** Messages per second, or "max" for unthrottled (returned as 0). */
    static double rate(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("max")) {
            return 0;
        }
        try {
            double r = Double.parseDouble(t);
            if (r > 0 && r <= 1e9 && !Double.isNaN(r)) {
                return r;
            }
        } catch (NumberFormatException e) {
            // fall through to the one message
        }
        throw new TypeConversionException("expected messages per second (a positive number) or 'max', got '" + text + "'");
    }

    /** A duration as users write it, for defaults in help: 30s, 500ms, 2m, 1h. */
    static String durationText(long ns) {
        if (ns % 1_000_000_000L != 0) {
            return ns % 1_000_000L == 0 ? ns / 1_000_000L + "ms" : ns / 1_000L + "us";
        }
        long s = ns / 1_000_000_000L;
        return s != 0 && s % 3600 == 0 ? s / 3600 + "h" : s != 0 && s % 60 == 0 ? s / 60 + "m" : s + "s";
    }

    /** A size as users write it: 2KiB, 64MiB, or bytes. */
    static String sizeText(long bytes) {
        if (bytes != 0 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + "MiB";
        }
        return bytes != 0 && bytes % 1024 == 0 ? bytes / 1024 + "KiB" : Long.toString(bytes);
    }

    /** One of an enum's constants by its name in any case: put, reqresp; the message lists them. */
    abstract static class Choice<E extends Enum<E>> implements ITypeConverter<E> {
        private final Class<E> type;

        Choice(Class<E> type) {
            this.type = type;
        }

        @Override
        public E convert(String value) {
            for (E e : type.getEnumConstants()) {
                if (e.name().equalsIgnoreCase(value.strip())) {
                    return e;
                }
            }
            throw new TypeConversionException("expected " + names(type) + ", got '" + value + "'");
        }
    }

    /** "put or reqresp": an enum's constants in lower case, for messages. */
    static <E extends Enum<E>> String names(Class<E> type) {
        return either(Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT)).toList());
    }

    /** "a or b", "a, b or c": the choices a message lists. */
    static String either(List<String> choices) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < choices.size(); i++) {
            b.append(i == 0 ? "" : i == choices.size() - 1 ? " or " : ", ").append(choices.get(i));
        }
        return b.toString();
    }

    static final class WorkloadChoice extends Choice<dev.harness.core.WorkloadKind> {
        WorkloadChoice() {
            super(dev.harness.core.WorkloadKind.class);
        }
    }

    /** nondurable, durable, shared or shared-durable: the kinds by their names on the command line. */
    static final class SubscriptionChoice implements ITypeConverter<dev.harness.core.workload.SubscriptionKind> {
        @Override
        public dev.harness.core.workload.SubscriptionKind convert(String value) {
            for (dev.harness.core.workload.SubscriptionKind k : dev.harness.core.workload.SubscriptionKind.values()) {
                if (k.toString().equalsIgnoreCase(value.strip())) {
                    return k;
                }
            }
            throw new TypeConversionException("expected " + either(Arrays.stream(
                    dev.harness.core.workload.SubscriptionKind.values()).map(Object::toString).toList()) + ", got '" + value + "'");
        }
    }

    static final class ModeChoice extends Choice<dev.harness.core.workload.ReqRespSettings.Mode> {
        ModeChoice() {
            super(dev.harness.core.workload.ReqRespSettings.Mode.class);
        }
    }

    static final class ReplyByChoice implements ITypeConverter<dev.harness.core.workload.ReplyBy> {
        @Override
        public dev.harness.core.workload.ReplyBy convert(String value) {
            dev.harness.core.workload.ReplyBy by = dev.harness.core.workload.ReplyBy.of(value);
            if (by == null) {
                throw new TypeConversionException("expected router, correlation-id or temporary, got '" + value + "'");
            }
            return by;
        }
    }

    static final class SyncChoice extends Choice<dev.harness.core.logdisk.SyncMode> {
        SyncChoice() {
            super(dev.harness.core.logdisk.SyncMode.class);
        }
    }

    static final class JournalChoice extends Choice<dev.harness.core.broker.BrokerConfig.Journal> {
        JournalChoice() {
            super(dev.harness.core.broker.BrokerConfig.Journal.class);
        }
    }

    static final class ApiChoice extends Choice<dev.harness.core.jms.Api> {
        ApiChoice() {
            super(dev.harness.core.jms.Api.class);
        }
    }

    static final class Duration implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return durationNs(value);
        }
    }

    /** {@code --warmup}: a duration, or auto[:MAX] (until the schedule is kept, at most MAX). */
    static final class WarmupValue implements ITypeConverter<Warmup> {
        @Override
        public Warmup convert(String value) {
            String t = value.trim().toLowerCase(Locale.ROOT);
            try {
                if (t.equals("auto")) {
                    return Warmup.auto(null);
                }
                if (t.startsWith("auto:")) {
                    return Warmup.auto(durationNs(t.substring(5)));
                }
                return Warmup.fixed(durationNs(t));
            } catch (SettingsException e) {
                throw new TypeConversionException(e.getMessage().substring(e.option().length() + 2) + ", got '" + value + "'");
            } catch (NoUnit e) {
                throw e; // one line for a bare number, wherever durations are parsed
            } catch (TypeConversionException e) {
                throw new TypeConversionException("expected a duration such as 5s or 1m, or auto, or auto:MAX such as"
                        + " auto:2m, got '" + value + "'");
            }
        }
    }

    static final class Size implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return sizeBytes(value);
        }
    }

    /** {@code --size}: one size, sizes with their shares (512:50,8KiB:50), or file:PATH; see {@link SizeMix#parse}. */
    static final class SizeMixValue implements ITypeConverter<SizeMix> {
        @Override
        public SizeMix convert(String value) {
            try {
                return SizeMix.parse(value);
            } catch (SettingsException e) {
                // The message names its option; picocli names it again, with the value.
                String m = e.getMessage();
                throw new TypeConversionException(m.startsWith(e.option() + ": ") ? m.substring(e.option().length() + 2) : m);
            }
        }
    }

    /** {@code --payload}: zeros, random, text or file:PATH (read here: a file that cannot be is bad input). */
    static final class PayloadValue implements ITypeConverter<PayloadContent> {
        @Override
        public PayloadContent convert(String value) {
            try {
                return PayloadContent.parse(value);
            } catch (SettingsException e) {
                throw new TypeConversionException(e.getMessage().substring(e.option().length() + 2));
            }
        }
    }

    /** {@code --message-type}: bytes, text, map, stream or object. */
    static final class MessageTypeValue implements ITypeConverter<MessageType> {
        @Override
        public MessageType convert(String value) {
            try {
                return MessageType.parse(value);
            } catch (SettingsException e) {
                throw new TypeConversionException(e.getMessage().substring(e.option().length() + 2));
            }
        }
    }

    /** {@code --preload}: a number of messages (20000), or with a unit that much of the run's messages in bytes (64MiB). */
    record Amount(long value, boolean bytes) {
    }

    static final class PreloadValue implements ITypeConverter<Amount> {
        @Override
        public Amount convert(String value) {
            String t = value.trim().toLowerCase(Locale.ROOT);
            if (t.matches("\\d{1,12}")) {
                return new Amount(Long.parseLong(t), false);
            }
            Matcher m = SIZE.matcher(t);
            if (!m.matches() || m.group(2) == null || m.group(1).length() > 12) {
                throw new TypeConversionException("expected a number of messages such as 20000, or a size such as 64MiB,"
                        + " got '" + value + "'");
            }
            return new Amount(sizeBytesLong(t), true);
        }
    }

    static final class LongSize implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return sizeBytesLong(value);
        }
    }

    static final class Rate implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return rate(value);
        }
    }
}
