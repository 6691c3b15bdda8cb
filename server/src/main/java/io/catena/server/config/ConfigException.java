package io.catena.server.config;

import java.util.List;

/**
 * A configuration that cannot be used, with every problem found in it. The message lists them one
 * per line after a heading, so that an operator fixes a file in one round rather than one problem
 * per start. Retrying does not help: the file (or the code that built the configuration) must
 * change.
 */
public final class ConfigException extends RuntimeException {

    private final transient List<ConfigProblem> problems;

    /** An exception reporting {@code problems}, which must not be empty. */
    public ConfigException(String source, List<ConfigProblem> problems) {
        super(message(source, problems));
        this.problems = List.copyOf(problems);
    }

    /** Every problem, in the order of the lines they are on. */
    public List<ConfigProblem> problems() {
        return problems;
    }

    /** Just the problem sentences, each prefixed by its key path, for tests and short displays. */
    public List<String> messages() {
        return problems.stream()
                .map(p -> p.path().isEmpty() ? p.message() : p.path() + ": " + p.message())
                .toList();
    }

    private static String message(String source, List<ConfigProblem> problems) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a configuration exception needs at least one problem");
        }
        StringBuilder text = new StringBuilder();
        text.append(problems.size()).append(problems.size() == 1 ? " problem in " : " problems in ").append(source)
                .append(':');
        for (ConfigProblem problem : problems) {
            text.append('\n').append(problem);
        }
        return text.toString();
    }
}
