package io.catena.core.id;

/**
 * A region (data centre) of the cluster, by its position in the cluster configuration.
 *
 * <p>Regions are numbered densely from zero so that per-region state can live in arrays
 * (timetables, vote tallies). The human-readable name belongs to the configuration.
 */
public record RegionId(int index) implements Comparable<RegionId> {

    public RegionId {
        if (index < 0) {
            throw new IllegalArgumentException("region index must be non-negative: " + index);
        }
    }

    public static RegionId of(int index) {
        return new RegionId(index);
    }

    @Override
    public int compareTo(RegionId other) {
        return Integer.compare(index, other.index);
    }

    @Override
    public String toString() {
        return "r" + index;
    }
}
