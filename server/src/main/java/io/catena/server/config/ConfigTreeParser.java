package io.catena.server.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses YAML text into a {@link ConfigNode} tree with Jackson's streaming parser, recording the
 * line of every key path in the {@link ConfigProblems} and reporting what YAML allows but a
 * configuration must not have: a key given twice (YAML parsers silently keep one), aliases, a
 * second document, a top level that is not a mapping.
 */
final class ConfigTreeParser {

    private static final YAMLFactory YAML = new YAMLFactory();

    private final YAMLParser parser;
    private final ConfigProblems problems;

    private ConfigTreeParser(YAMLParser parser, ConfigProblems problems) {
        this.parser = parser;
        this.problems = problems;
    }

    /**
     * The file's top-level mapping (empty for an empty file), or nothing when the text is not
     * YAML or not a mapping; either way the reason is in {@code problems}.
     */
    static Optional<ConfigNode.Mapping> parse(String text, ConfigProblems problems) {
        try (YAMLParser parser = YAML.createParser(text)) {
            return new ConfigTreeParser(parser, problems).document();
        } catch (JacksonException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            problems.addAt(Math.max(line, 0), "", "not valid YAML: " + firstLine(e.getOriginalMessage()));
            return Optional.empty();
        } catch (IOException e) {
            throw new IllegalStateException("reading from a string cannot fail", e);
        }
    }

    private Optional<ConfigNode.Mapping> document() throws IOException {
        JsonToken first = parser.nextToken();
        if (first == null) {
            return Optional.of(new ConfigNode.Mapping(List.of(), 1));
        }
        ConfigNode root = value("");
        JsonToken next = parser.nextToken();
        if (next != null) {
            problems.addAt(line(), "", "only one YAML document is allowed; another starts at line " + line());
        }
        if (root instanceof ConfigNode.Mapping mapping) {
            return Optional.of(mapping);
        }
        problems.addAt(root.line(), "", "the file must be a mapping of keys such as cluster: and regions:, not "
                + root.kind());
        return Optional.empty();
    }

    /** Reads the value starting at the current token. */
    private ConfigNode value(String path) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            return mapping(path);
        }
        if (token == JsonToken.START_ARRAY) {
            return sequence(path);
        }
        if (parser.isCurrentAlias()) {
            problems.addAt(line(), path, "aliases (*" + parser.getText() + ") are not supported; write the value out");
            return new ConfigNode.Scalar(null, line());
        }
        return new ConfigNode.Scalar(token == JsonToken.VALUE_NULL ? null : parser.getText(), line());
    }

    private ConfigNode.Mapping mapping(String path) throws IOException {
        int start = line();
        List<ConfigNode.Entry> entries = new ArrayList<>();
        Map<String, Integer> keyLines = new HashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            int keyLine = line();
            String keyPath = path.isEmpty() ? key : path + "." + key;
            parser.nextToken();
            Integer earlier = keyLines.putIfAbsent(key, keyLine);
            if (earlier != null) {
                value(keyPath);
                problems.addAt(keyLine, keyPath, "given twice (first on line " + earlier + "); keep one");
                continue;
            }
            problems.locate(keyPath, keyLine);
            entries.add(new ConfigNode.Entry(key, keyLine, value(keyPath)));
        }
        return new ConfigNode.Mapping(entries, start);
    }

    private ConfigNode.Sequence sequence(String path) throws IOException {
        int start = line();
        List<ConfigNode> items = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            String itemPath = path + "[" + items.size() + "]";
            problems.locate(itemPath, line());
            items.add(value(itemPath));
        }
        return new ConfigNode.Sequence(items, start);
    }

    private int line() {
        return parser.currentTokenLocation().getLineNr();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable text";
        }
        String first = message.lines().findFirst().orElse(message).strip();
        return first.isEmpty() ? message.strip() : first;
    }
}
