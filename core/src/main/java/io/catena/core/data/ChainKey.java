package io.catena.core.data;

/**
 * The unit of dependency tracking: a table and a partition key. Every row of a partition lives
 * under the same chain key, is served by the same chain server and is versioned together; a hop
 * of a transaction touches exactly one chain key.
 *
 * <p>A value class rather than a record only to keep its hash: every key access looks chain keys
 * up in hash maps, and a key decoded from the wire is a different instance from the one a map
 * holds, so a cached hash spares reading both strings before the comparison that decides.
 */
public final class ChainKey implements Comparable<ChainKey> {

    private final String table;
    private final String partition;
    private final int hash;

    public ChainKey(String table, String partition) {
        if (table == null || table.isEmpty()) {
            throw new IllegalArgumentException("a chain key needs a table name");
        }
        if (partition == null) {
            throw new IllegalArgumentException("a chain key needs a partition key");
        }
        this.table = table;
        this.partition = partition;
        this.hash = 31 * table.hashCode() + partition.hashCode();
    }

    public static ChainKey of(String table, String partition) {
        return new ChainKey(table, partition);
    }

    public String table() {
        return table;
    }

    public String partition() {
        return partition;
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
    public boolean equals(Object o) {
        return this == o || o instanceof ChainKey k && hash == k.hash && partition.equals(k.partition)
                && table.equals(k.table);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return table + "/" + partition;
    }
}
