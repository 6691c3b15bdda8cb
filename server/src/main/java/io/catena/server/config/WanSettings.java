package io.catena.server.config;

import io.catena.core.wan.LatencyMatrix;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * WAN emulation on this process's outbound links to other regions ({@code wan:} in the file),
 * so that a cluster on one machine or one data centre behaves like one spread over continents.
 * Each outbound message to region j is held for half the round trip to j, scaled by
 * {@code 1 + jitter * N(0,1)}, and dropped with probability {@code loss}; since every process
 * delays only what it sends, each direction gets its half. Per process: not part of the cluster
 * fingerprint, though every region normally emulates the same matrix.
 *
 * <p>Given to {@link ServerConfig.Builder#wan} a preset stands alone; validation resolves it
 * into {@link #roundTrips} in the order of {@code regions}: by name when the cluster's region
 * names are the preset's, otherwise by position.
 *
 * @param preset     a named matrix from {@link LatencyMatrix}: {@code gcp3} (the paper's three
 *                   Google Cloud regions) or {@code ec2-5} (five EC2 regions); default none
 * @param roundTrips round-trip times, row i and column j for regions i and j in {@code regions}
 *                   order; symmetric with a zero diagonal; empty for no emulation (default)
 * @param jitter     standard deviation of the delay, as a fraction of it (default 0)
 * @param loss       share of outbound messages dropped (default 0)
 */
public record WanSettings(Optional<String> preset, List<List<TimeSpan>> roundTrips, Fraction jitter,
                          Fraction loss) {

    public WanSettings {
        Objects.requireNonNull(preset, "preset");
        Objects.requireNonNull(jitter, "jitter");
        Objects.requireNonNull(loss, "loss");
        roundTrips = roundTrips.stream().map(List::copyOf).toList();
    }

    /** No emulation: the default. */
    public static WanSettings none() {
        return new WanSettings(Optional.empty(), List.of(), Fraction.ZERO, Fraction.ZERO);
    }

    /** Emulation with a named matrix, such as {@code gcp3}, without jitter or loss. */
    public static WanSettings preset(String name) {
        return new WanSettings(Optional.of(name), List.of(), Fraction.ZERO, Fraction.ZERO);
    }

    /** Emulation with the given round trips, without jitter or loss. */
    public static WanSettings matrix(List<List<TimeSpan>> roundTrips) {
        return new WanSettings(Optional.empty(), roundTrips, Fraction.ZERO, Fraction.ZERO);
    }

    public WanSettings withJitter(Fraction share) {
        return new WanSettings(preset, roundTrips, share, loss);
    }

    public WanSettings withLoss(Fraction share) {
        return new WanSettings(preset, roundTrips, jitter, share);
    }

    /** Whether any latency is emulated. */
    public boolean emulated() {
        return !roundTrips.isEmpty();
    }

    /**
     * The round trips as the simulator's matrix, named by {@code regions} (which must have one
     * name per row), or nothing without emulation.
     */
    public Optional<LatencyMatrix> toLatencyMatrix(List<String> regions) {
        if (roundTrips.isEmpty()) {
            return Optional.empty();
        }
        long[][] micros = new long[roundTrips.size()][];
        for (int i = 0; i < micros.length; i++) {
            micros[i] = roundTrips.get(i).stream().mapToLong(TimeSpan::micros).toArray();
        }
        return Optional.of(new LatencyMatrix(preset.orElse("configured"), regions, micros));
    }
}
