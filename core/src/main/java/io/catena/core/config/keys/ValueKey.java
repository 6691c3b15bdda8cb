package io.catena.core.config.keys;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One setting whose value is not among the protocol's numbers (those are {@link SettingKey}s): a
 * host, a size, a duration of a store's requests, a name. Defined once like a {@link SettingKey}:
 * the file's reader and writer, the validation of settings built in code and the documentation's
 * key table take its name, form, default and rule from here.
 *
 * @param name         the key in its section, such as {@code requestTimeout}
 * @param expected     what a value looks like, such as "a duration such as 5s"
 * @param parse        reads the written form; refuses it with one sentence fit to follow the key's path
 * @param write        the value as a file writes it: a number, or the text {@code parse} reads back
 * @param defaultValue the value when the key is left out; nothing where there is none, or where it
 *                     is derived from other settings
 * @param rule         what is wrong with a value on its own, as a sentence after the key's path, or nothing
 * @param doc          what the setting does, in one line
 * @param <T>          the value's type
 */
public record ValueKey<T>(String name, String expected, Function<String, T> parse, Function<T, Object> write,
                          Optional<T> defaultValue, Function<T, Optional<String>> rule, String doc)
        implements ConfigKey {

    public ValueKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(parse, "parse");
        Objects.requireNonNull(write, "write");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(rule, "rule");
    }

    /** A key that takes any value its form reads. */
    public static <T> Function<T, Optional<String>> anyValue() {
        return value -> Optional.empty();
    }

    /**
     * Reads a written value and checks it on its own.
     *
     * @throws IllegalArgumentException one sentence fit to follow the key's path
     */
    public T read(String text) {
        T value = parse.apply(text);
        check(value).ifPresent(wrong -> {
            throw new IllegalArgumentException(wrong);
        });
        return value;
    }

    /** What is wrong with {@code value} on its own, or nothing. */
    public Optional<String> check(T value) {
        return rule.apply(value);
    }

    /** {@code value} as a file writes it. */
    public Object written(T value) {
        return write.apply(value);
    }

    /** The default; only for a key that has one. */
    public T byDefault() {
        return defaultValue.orElseThrow(() -> new IllegalStateException(name + " has no default"));
    }

    @Override
    public String defaultText() {
        return defaultValue.map(v -> String.valueOf(write.apply(v))).orElse("none");
    }
}
