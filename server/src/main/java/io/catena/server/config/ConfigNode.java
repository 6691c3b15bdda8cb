package io.catena.server.config;

import java.util.List;
import java.util.Optional;

/**
 * A configuration file as a tree of mappings, lists and scalar values, each remembering its line,
 * so that problems found while reading values can point at the line that holds them. Jackson
 * parses the YAML; this tree exists because Jackson's own tree forgets locations.
 */
sealed interface ConfigNode {

    /** The 1-based line the node starts on. */
    int line();

    /** How to name this kind of node in a message: "a mapping", "a list" or "a value". */
    String kind();

    /** A mapping of keys to nodes, in file order, each key once. */
    record Mapping(List<Entry> entries, int line) implements ConfigNode {

        public Mapping {
            entries = List.copyOf(entries);
        }

        Optional<Entry> entry(String key) {
            return entries.stream().filter(e -> e.key.equals(key)).findFirst();
        }

        @Override
        public String kind() {
            return "a mapping";
        }
    }

    /** One key of a mapping, on the line the key is written. */
    record Entry(String key, int line, ConfigNode value) {
    }

    /** A list of nodes. */
    record Sequence(List<ConfigNode> items, int line) implements ConfigNode {

        public Sequence {
            items = List.copyOf(items);
        }

        @Override
        public String kind() {
            return "a list";
        }
    }

    /** A scalar as written (numbers and booleans keep their text); {@code text} is null for YAML null. */
    record Scalar(String text, int line) implements ConfigNode {

        boolean isNull() {
            return text == null;
        }

        @Override
        public String kind() {
            return "a value";
        }
    }
}
