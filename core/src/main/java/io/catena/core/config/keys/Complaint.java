package io.catena.core.config.keys;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What is wrong with a setting, kept apart from how its numbers are written: the core says
 * {@code epochLengthMicros must be at least 100, not 50}, a configuration file's reader says
 * {@code protocol.epochLength: must be at least 100us, not 50us}, from the same complaint.
 *
 * @param key         the setting at fault, or nothing when the complaint is about another one or
 *                    about the cluster as a whole
 * @param epochOffset the region whose epoch offset is at fault ({@link ProtocolKeys#EPOCH_OFFSET}),
 *                    by index, or nothing
 * @param parts       the sentence after the key's name: strings, and {@link Amount}s to write in a unit
 */
public record Complaint(Optional<SettingKey> key, OptionalInt epochOffset, List<Object> parts) {

    /** A number and what it counts. */
    public record Amount(SettingUnit unit, long value) {
    }

    public Complaint {
        parts = List.copyOf(parts);
    }

    /** A complaint about {@code key}. */
    public static Complaint of(SettingKey key, Object... parts) {
        return new Complaint(Optional.of(key), OptionalInt.empty(), List.of(parts));
    }

    /** A complaint about the epoch offset of region {@code region} (its index). */
    public static Complaint ofEpochOffset(int region, Object... parts) {
        return new Complaint(Optional.empty(), OptionalInt.of(region), List.of(parts));
    }

    /** A complaint about no single setting. */
    public static Complaint general(String text) {
        return new Complaint(Optional.empty(), OptionalInt.empty(), List.of(text));
    }

    /** The sentence after the key, with every amount in its unit's form ({@code 100us}) or bare ({@code 100}). */
    public String text(boolean withUnits) {
        StringBuilder out = new StringBuilder();
        for (Object part : parts) {
            out.append(part instanceof Amount a ? (withUnits ? a.unit().format(a.value()) : Long.toString(a.value()))
                    : part);
        }
        return out.toString();
    }

    /** As the core writes it: the core's field name, then bare numbers. */
    public String coreText() {
        String subject = key.map(k -> k.coreName() + " ").orElse("");
        if (epochOffset.isPresent()) {
            subject = ProtocolKeys.EPOCH_OFFSETS_CORE_NAME + "[" + epochOffset.getAsInt() + "] ";
        }
        return subject + text(false);
    }
}
