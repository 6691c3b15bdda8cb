package io.catena.server.config;

import java.util.regex.Pattern;

/**
 * What a cluster or region name may be: it travels in handshakes, metric labels, log lines and
 * directory names, so only characters that are safe in all of them.
 */
final class NameRule {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private NameRule() {
    }

    /** Reports a missing or malformed name at {@code path}; true if the name is good. */
    static boolean check(String path, String name, ConfigProblems problems) {
        if (name == null) {
            if (!problems.hasAt(path)) {
                problems.add(path, "missing required key");
            }
            return false;
        }
        if (!NAME.matcher(name).matches()) {
            problems.add(path, "'" + name + "' must be 1 to 64 letters, digits, '.', '_' or '-'");
            return false;
        }
        return true;
    }
}
