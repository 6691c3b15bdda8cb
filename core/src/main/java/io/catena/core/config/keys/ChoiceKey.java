package io.catena.core.config.keys;

import java.util.List;
import java.util.function.Supplier;

/**
 * A setting whose value is one of a few names (which protocol runs), defined once like a
 * {@link SettingKey}; whoever owns the names lists and parses them.
 *
 * @param name        the key in a file
 * @param flags       the command-line flag first, then aliases
 * @param defaultText the default as written
 * @param choices     the names it takes, asked when a message needs them (the protocols' plug-ins
 *                    on the class path, say)
 * @param doc         what the setting does, in one line
 */
public record ChoiceKey(String name, List<String> flags, String defaultText, Supplier<List<String>> choices,
                        String doc) implements ConfigKey {

    public ChoiceKey {
        flags = List.copyOf(flags);
    }

    /** The command-line flag. */
    public String flag() {
        return flags.get(0);
    }

    /** The names it takes, such as "catena, 2pl or occ". */
    @Override
    public String expected() {
        List<String> names = choices.get();
        int last = names.size() - 1;
        return last < 1 ? String.join("", names) : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
    }
}
