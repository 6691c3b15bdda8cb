package io.catena.server.config;

/**
 * One thing wrong with a configuration, located as precisely as possible.
 *
 * @param source  the file the configuration came from, or a label such as "configuration built
 *                in code"
 * @param line    the 1-based line in {@code source}, or 0 when there is none (a missing key at
 *                the top level, or a configuration built in code)
 * @param path    the key path, such as {@code protocol.epochLength} or {@code regions[1].address};
 *                empty for the file as a whole
 * @param message one sentence saying what is wrong and, where it helps, what to write instead
 */
public record ConfigProblem(String source, int line, String path, String message) {

    /** {@code source:line: path: message}, the form editors and terminals turn into links. */
    @Override
    public String toString() {
        String where = line > 0 ? source + ":" + line : source;
        return path.isEmpty() ? where + ": " + message : where + ": " + path + ": " + message;
    }
}
