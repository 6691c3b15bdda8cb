package io.catena.harness.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rule of a history's header that says what some keys held before the first transaction: every
 * key {@code keys} names for {@code i} from {@code from} to {@code to} (both included) holds
 * {@code value}. In {@code keys}, {@code {i}} stands for {@code i} and {@code {i%N}} for {@code i}
 * modulo {@code N}, both in decimal, so {@code accounts/a{i}} from 0 to 199 names
 * {@code accounts/a0..accounts/a199}, and {@code accounts/b{i%4}#a{i}} an account in each of four
 * branches in turn. A rule without {@code {i}} names one key and has {@code from = to = 0}.
 *
 * <p>Values are scalars (an integer or a string): lists start empty.
 *
 * @param keys  the key template
 * @param from  the first {@code i}
 * @param to    the last {@code i}, not below {@code from}
 * @param value what every key named held
 */
public record InitialValues(String keys, long from, long to, OpValue value) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{i(?:%([1-9][0-9]{0,17}))?}");

    /**
     * Checks the template and the range.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public InitialValues {
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(value, "value");
        if (!(value instanceof OpValue.Int || value instanceof OpValue.Text)) {
            throw new IllegalArgumentException("an initial value must be an integer or a string but was " + value);
        }
        if (to < from) {
            throw new IllegalArgumentException("the initial values of " + keys + " run from " + from
                    + " to " + to + ", which is backwards");
        }
        boolean numbered = PLACEHOLDER.matcher(keys).find();
        if (!numbered && to != from) {
            throw new IllegalArgumentException("the initial values of " + keys + " name " + (to - from + 1)
                    + " keys, but the template has no {i} to tell them apart");
        }
        if (keys.replaceAll(PLACEHOLDER.pattern(), "").contains("{")) {
            throw new IllegalArgumentException("the key template " + keys + " has a { that is neither {i} nor {i%N}");
        }
    }

    /** The one key {@code key} held {@code value}. */
    public static InitialValues of(String key, OpValue value) {
        return new InitialValues(key, 0, 0, value);
    }

    /** How many keys the rule names. */
    public long count() {
        return to - from + 1;
    }

    /** Calls {@code action} with every key the rule names and its value, in order of {@code i}. */
    public void forEach(BiConsumer<String, OpValue> action) {
        List<Object> parts = parts();
        StringBuilder key = new StringBuilder();
        for (long i = from; i <= to; i++) {
            key.setLength(0);
            for (Object part : parts) {
                if (part instanceof Long modulus) {
                    key.append(modulus == 0 ? i : Math.floorMod(i, modulus));
                } else {
                    key.append((String) part);
                }
            }
            action.accept(key.toString(), value);
        }
    }

    /** The template as literal strings and moduli (0 for a plain {@code {i}}). */
    private List<Object> parts() {
        List<Object> parts = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(keys);
        int at = 0;
        while (m.find()) {
            parts.add(keys.substring(at, m.start()));
            parts.add(m.group(1) == null ? 0L : Long.parseLong(m.group(1)));
            at = m.end();
        }
        parts.add(keys.substring(at));
        return parts;
    }
}
