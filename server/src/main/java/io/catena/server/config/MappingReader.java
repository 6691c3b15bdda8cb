package io.catena.server.config;

import io.catena.core.config.keys.ValueKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the keys of one mapping of a configuration file, turning each value into its type and
 * reporting a value of the wrong type with its key path. Every key asked for counts as known;
 * {@link #rejectUnknownKeys()} then reports the others, with a suggestion among the known ones.
 */
final class MappingReader {

    private final ConfigNode.Mapping mapping;
    private final String path;
    private final ConfigProblems problems;
    private final Set<String> known = new LinkedHashSet<>();

    MappingReader(ConfigNode.Mapping mapping, String path, ConfigProblems problems) {
        this.mapping = mapping;
        this.path = path;
        this.problems = problems;
    }

    /** The full path of {@code key} in this mapping. */
    String path(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** The value of {@code key}; absent when the key is missing or its value is YAML null. */
    Optional<ConfigNode> node(String key) {
        known.add(key);
        return mapping.entry(key).map(ConfigNode.Entry::value)
                .filter(v -> !(v instanceof ConfigNode.Scalar s && s.isNull()));
    }

    /**
     * The value of {@code key} read by {@code parse}, which throws an
     * {@link IllegalArgumentException} whose message is reported after the key path.
     *
     * @param expected what the value should be, for the message when it is a list or mapping,
     *                 such as "a duration such as 10ms"
     */
    <T> Optional<T> value(String key, String expected, Function<String, T> parse) {
        return node(key).flatMap(n -> parse(n, path(key), expected, parse, problems));
    }

    /** The value of {@code key}, read in its form and checked by its rule. */
    <T> Optional<T> value(ValueKey<T> key) {
        return value(key.name(), key.expected(), key::read);
    }

    /**
     * The value of {@code key} read in its form only, for a section whose rules
     * {@link ConfigValidator} applies to a file and to settings built in code alike.
     */
    <T> Optional<T> form(ValueKey<T> key) {
        return value(key.name(), key.expected(), key.parse());
    }

    /** The mapping under {@code key}, to read its own keys. */
    Optional<MappingReader> mapping(String key) {
        Optional<ConfigNode> node = node(key);
        if (node.isPresent() && !(node.get() instanceof ConfigNode.Mapping)) {
            problems.add(path(key), "expected a mapping of keys, not " + node.get().kind());
            return Optional.empty();
        }
        return node.map(n -> new MappingReader((ConfigNode.Mapping) n, path(key), problems));
    }

    /** The items of the list under {@code key}. */
    Optional<List<ConfigNode>> sequence(String key, String expected) {
        return node(key).flatMap(n -> items(n, path(key), expected, problems));
    }

    /** Reports every key of the mapping that no read asked for. */
    void rejectUnknownKeys() {
        for (ConfigNode.Entry entry : mapping.entries()) {
            if (!known.contains(entry.key())) {
                String hint = NearestName.among(known, entry.key()).map(k -> "did you mean " + k + "?")
                        .orElse("known keys here: " + String.join(", ", known));
                problems.add(path(entry.key()), "unknown key; " + hint);
            }
        }
    }

    /** Reads a scalar node with {@code parse}; reports a list, a mapping or a refused value. */
    static <T> Optional<T> parse(ConfigNode node, String path, String expected, Function<String, T> parse,
                                 ConfigProblems problems) {
        if (!(node instanceof ConfigNode.Scalar scalar)) {
            problems.add(path, "expected " + expected + ", not " + node.kind());
            return Optional.empty();
        }
        if (scalar.isNull()) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse.apply(scalar.text()));
        } catch (IllegalArgumentException refused) {
            problems.add(path, refused.getMessage());
            return Optional.empty();
        }
    }

    /** The items of a list node; reports any other node. */
    static Optional<List<ConfigNode>> items(ConfigNode node, String path, String expected, ConfigProblems problems) {
        if (node instanceof ConfigNode.Sequence sequence) {
            return Optional.of(new ArrayList<>(sequence.items()));
        }
        problems.add(path, "expected " + expected + ", not " + node.kind());
        return Optional.empty();
    }
}
