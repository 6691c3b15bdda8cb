package io.catena.server.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The form of a file or directory key ({@code storage.journal}, {@code tls.certificate}): a path
 * as written, which the reader then takes relative to the file's directory.
 */
final class PathForm {

    private PathForm() {
    }

    static Path parse(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException invalid) {
            throw new IllegalArgumentException("'" + text + "' is not a path: " + invalid.getReason());
        }
    }

    static Object written(Path path) {
        return path.toString();
    }
}
