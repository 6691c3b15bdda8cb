package io.catena.core.data;

import java.util.Comparator;

/**
 * One row: a chain key and a clustering key inside its partition. A partition with a single row
 * uses the empty clustering key.
 */
public record RowKey(ChainKey chainKey, String clustering) implements Comparable<RowKey> {

    private static final Comparator<RowKey> ORDER = Comparator.comparing(RowKey::chainKey)
            .thenComparing(RowKey::clustering);

    public RowKey {
        if (chainKey == null) {
            throw new IllegalArgumentException("a row key needs a chain key");
        }
        if (clustering == null) {
            throw new IllegalArgumentException("a row key needs a clustering key (empty for single-row partitions)");
        }
    }

    public static RowKey of(String table, String partition) {
        return new RowKey(ChainKey.of(table, partition), "");
    }

    public static RowKey of(String table, String partition, String clustering) {
        return new RowKey(ChainKey.of(table, partition), clustering);
    }

    @Override
    public int compareTo(RowKey other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return clustering.isEmpty() ? chainKey.toString() : chainKey + "#" + clustering;
    }
}
