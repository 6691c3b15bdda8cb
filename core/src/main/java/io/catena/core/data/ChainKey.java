package io.catena.core.data;

/**
 * The unit of dependency tracking: a table and a partition key. Every row of a partition lives
 * under the same chain key, is served by the same chain server and is versioned together; a hop
 * of a transaction touches exactly one chain key.
 */
public record ChainKey(String table, String partition) implements Comparable<ChainKey> {

    public ChainKey {
        if (table == null || table.isEmpty()) {
            throw new IllegalArgumentException("a chain key needs a table name");
        }
        if (partition == null) {
            throw new IllegalArgumentException("a chain key needs a partition key");
        }
    }

    public static ChainKey of(String table, String partition) {
        return new ChainKey(table, partition);
    }

    /** Approximate size on the wire and in storage, used for cost accounting. */
    public int sizeBytes() {
        return table.length() + partition.length() + 8;
    }

    @Override
    public int compareTo(ChainKey other) {
        // By table, then partition. Written out rather than as a Comparator chain: stores order
        // and look up every key access by it.
        int byTable = table.compareTo(other.table);
        return byTable != 0 ? byTable : partition.compareTo(other.partition);
    }

    @Override
    public String toString() {
        return table + "/" + partition;
    }
}
