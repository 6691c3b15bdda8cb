package io.catena.server.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the problems of one configuration while it is read and validated, and knows on which
 * line each key path was written so that a problem can name it. Not thread-safe: one reading uses
 * one instance.
 */
final class ConfigProblems {

    private final String source;
    private final Map<String, Integer> lines = new HashMap<>();
    private final List<ConfigProblem> problems = new ArrayList<>();

    ConfigProblems(String source) {
        this.source = source;
    }

    String source() {
        return source;
    }

    /** Records that {@code path} was written on {@code line}; the first record of a path wins. */
    void locate(String path, int line) {
        lines.putIfAbsent(path, line);
    }

    /** Adds a problem at the line of {@code path}, or of its nearest written parent. */
    void add(String path, String message) {
        addAt(lineOf(path), path, message);
    }

    /** Adds a problem at an explicit line (0: none). */
    void addAt(int line, String path, String message) {
        problems.add(new ConfigProblem(source, line, path, message));
    }

    /** Whether a problem was reported for exactly {@code path}. */
    boolean hasAt(String path) {
        return problems.stream().anyMatch(p -> p.path().equals(path));
    }

    /** Whether a problem was reported for {@code path} or any key below it. */
    boolean hasUnder(String path) {
        return problems.stream().anyMatch(p -> p.path().equals(path) || p.path().startsWith(path + ".")
                || p.path().startsWith(path + "["));
    }

    /** Throws a {@link ConfigException} listing every problem, in line order, if there is any. */
    void throwIfAny() {
        if (!problems.isEmpty()) {
            List<ConfigProblem> sorted = new ArrayList<>(problems);
            sorted.sort(Comparator.comparingInt(ConfigProblem::line));
            throw new ConfigException(source, sorted);
        }
    }

    /** A missing key has no line of its own; its parent's line is the best pointer. */
    private int lineOf(String path) {
        String current = path;
        while (!current.isEmpty()) {
            Integer line = lines.get(current);
            if (line != null) {
                return line;
            }
            current = parent(current);
        }
        return 0;
    }

    private static String parent(String path) {
        int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
        return cut < 0 ? "" : path.substring(0, cut);
    }
}
