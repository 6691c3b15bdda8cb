package io.catena.server.config;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.core.protocol.Protocol;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The protocol's cluster-wide settings ({@code protocol:} in the file): every region must run
 * with the same ones, which the {@linkplain ClusterFingerprint fingerprint} lets processes check
 * at handshake. Each numeric setting is one {@link SettingKey} of {@link ProtocolKeys}, which
 * gives its name, unit, default and documentation. Values are held as given;
 * {@link ClusterConfig.Builder} validates them when the whole configuration is validated.
 *
 * @param values    every numeric key's value, in the key's unit, in {@link ProtocolKeys#NUMERIC}'s order
 * @param algorithm what every region runs: Catena, or a comparison baseline of {@code catena eval}
 *                  (2pl, occ) or Helios (helios), to measure one against the other on the same
 *                  deployment; a baseline uses only the size limits, Helios the size limits and the
 *                  epoch length, its shipping interval
 */
public record ProtocolSettings(Map<SettingKey, Long> values, Protocol algorithm) {

    private static final ProtocolSettings DEFAULTS = defaultValues();

    public ProtocolSettings {
        Objects.requireNonNull(algorithm, "algorithm");
        Map<SettingKey, Long> ordered = new LinkedHashMap<>();
        for (SettingKey key : ProtocolKeys.NUMERIC) {
            ordered.put(key, Objects.requireNonNull(values.get(key), key.name()));
        }
        values = Collections.unmodifiableMap(ordered);
    }

    /** Every key at its default, running Catena. */
    public static ProtocolSettings defaults() {
        return DEFAULTS;
    }

    private static ProtocolSettings defaultValues() {
        Map<SettingKey, Long> values = new LinkedHashMap<>();
        ProtocolKeys.NUMERIC.forEach(key -> values.put(key, key.defaultValue()));
        return new ProtocolSettings(values, Protocol.parse(ProtocolKeys.ALGORITHM.defaultText()));
    }

    /** The value of {@code key}, in the key's unit. */
    public long get(SettingKey key) {
        return values.get(key);
    }

    /** These settings with {@code key} set to {@code value}, in the key's unit. */
    public ProtocolSettings with(SettingKey key, long value) {
        Map<SettingKey, Long> changed = new LinkedHashMap<>(values);
        changed.put(key, value);
        return new ProtocolSettings(changed, algorithm);
    }

    public ProtocolSettings withAlgorithm(Protocol protocol) {
        return new ProtocolSettings(values, protocol);
    }

    /** A core builder holding these settings for {@code regions}; its {@code build()} validates them. */
    ClusterConfig.Builder toCoreBuilder(List<String> regions) {
        ClusterConfig.Builder core = ClusterConfig.builder().regions(regions);
        values.forEach(core::set);
        return core;
    }
}
