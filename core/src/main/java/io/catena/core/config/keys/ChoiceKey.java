package io.catena.core.config.keys;

import java.util.List;

/**
 * A setting whose value is one of a few names (which protocol runs), defined once like a
 * {@link SettingKey}; whoever owns the names parses them.
 *
 * @param name        the key in a file
 * @param flags       the command-line flag first, then aliases
 * @param defaultText the default as written
 * @param expected    the names it takes, for "expected ..." messages
 * @param doc         what the setting does, in one line
 */
public record ChoiceKey(String name, List<String> flags, String defaultText, String expected, String doc)
        implements ConfigKey {

    public ChoiceKey {
        flags = List.copyOf(flags);
    }

    /** The command-line flag. */
    public String flag() {
        return flags.get(0);
    }
}
