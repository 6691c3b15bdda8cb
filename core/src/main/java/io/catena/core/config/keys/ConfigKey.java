package io.catena.core.config.keys;

/**
 * What every setting of a region's file declares once, whatever its kind: the documentation's key
 * table and the "expected ..." messages read it here. {@link SettingKey}s are the protocol's
 * numbers, {@link ChoiceKey} its algorithm, {@link ValueKey}s everything else.
 */
public interface ConfigKey {

    /** The key in its section, such as {@code epochLength}. */
    String name();

    /** The default as an operator writes it, or {@code none} where there is none. */
    String defaultText();

    /** What a value looks like, for "expected ..." messages, such as "a duration such as 10ms". */
    String expected();

    /** What the setting does, in one line. */
    String doc();
}
