package io.catena.core.config.keys;

import io.catena.core.config.ClusterConfig;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;

/**
 * One numeric setting of the protocol, defined once: its key in the configuration file, the core's
 * field it sets, its command-line flag (and old flags kept as aliases), its unit, default, the
 * range a value alone must lie in, and one line of documentation. The file reader and writer, the
 * flags of {@code catena} and {@code catena-sim}, the cluster fingerprint, the error messages and
 * the documentation's key table are all derived from it (the catalogue is {@link ProtocolKeys}).
 *
 * @param name         the key under {@code protocol:} in a file, such as {@code epochLength}
 * @param coreName     the {@link ClusterConfig} component it sets, such as {@code epochLengthMicros};
 *                     the fingerprint and the core's own messages use it
 * @param flags        the command-line flag first, then older spellings kept as aliases
 * @param unit         what the number counts and how it is written
 * @param defaultValue the default, in {@code unit}
 * @param min          the smallest value allowed on its own
 * @param max          the largest value allowed on its own
 * @param doc          what the setting does, in one line
 * @param read         the value as a built {@link ClusterConfig} holds it
 */
public record SettingKey(String name, String coreName, List<String> flags, SettingUnit unit, long defaultValue,
                         long min, long max, String doc, ToLongFunction<ClusterConfig> read) implements ConfigKey {

    private static final Pattern BARE_NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

    public SettingKey {
        flags = List.copyOf(flags);
    }

    /** The command-line flag. */
    public String flag() {
        return flags.get(0);
    }

    /** Older flags that still work, each documented as an alias of {@link #flag()}. */
    public List<String> aliases() {
        return flags.subList(1, flags.size());
    }

    /** The default as an operator writes it, such as {@code 10ms}. */
    @Override
    public String defaultText() {
        return unit.format(defaultValue);
    }

    @Override
    public String expected() {
        return unit.expected();
    }

    /**
     * Reads a flag's value: the unit's form, and for durations also a bare number of milliseconds,
     * which is what the older {@code -ms} flags took.
     */
    public long parseFlag(String text) {
        if (unit == SettingUnit.MICROS && BARE_NUMBER.matcher(text).matches()) {
            return SettingUnit.MICROS.parse(text + "ms");
        }
        return unit.parse(text);
    }

    /**
     * A flag's value, checked against the key's range.
     *
     * @throws IllegalArgumentException one sentence that names the flag, such as
     *                                  {@code --epoch must be at least 100us, not 50us}
     */
    public long readFlag(String text) {
        long value;
        try {
            value = parseFlag(text);
        } catch (IllegalArgumentException unreadable) {
            throw new IllegalArgumentException(flag() + " takes " + unit.expected() + ": " + unreadable.getMessage(),
                    unreadable);
        }
        check(value).ifPresent(c -> {
            throw new IllegalArgumentException(flag() + " " + c.text(true));
        });
        return value;
    }

    /** What is wrong with {@code value} on its own, or nothing when it lies in range. */
    public Optional<Complaint> check(long value) {
        if (value >= min && value <= max) {
            return Optional.empty();
        }
        if (max != Long.MAX_VALUE) {
            return Optional.of(Complaint.of(this, "must be between ", amount(min), " and ", amount(max), ", not ",
                    amount(value)));
        }
        if (min == 0) {
            return Optional.of(Complaint.of(this, "must not be negative"));
        }
        return Optional.of(Complaint.of(this, "must be at least ", amount(min), ", not ", amount(value)));
    }

    /** {@code value} in this key's unit, for a complaint's text. */
    public Complaint.Amount amount(long value) {
        return new Complaint.Amount(unit, value);
    }
}
