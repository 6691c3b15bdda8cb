package io.catena.lab.report;

import io.catena.server.config.TimeSpan;

/**
 * One fact about how a run was configured, shown at the top of every report: {@code preset gcp3},
 * {@code epoch 10 ms}, {@code clients 8 per region}.
 *
 * @param name  what the fact is about, e.g. {@code "epoch"}
 * @param value its value as it should be shown, units included, e.g. {@code "10 ms"}
 */
public record ConfigFact(String name, String value) {

    public ConfigFact {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a configuration fact has a name");
        }
        if (value == null) {
            throw new IllegalArgumentException("configuration fact '" + name + "' has no value");
        }
    }

    /** How long the measured run lasted, and the warm-up before it if there was one. */
    public static ConfigFact duration(TimeSpan measured, TimeSpan warmup) {
        return new ConfigFact("duration", measured + (warmup.micros() > 0 ? " after " + warmup + " of warm-up" : ""));
    }
}
