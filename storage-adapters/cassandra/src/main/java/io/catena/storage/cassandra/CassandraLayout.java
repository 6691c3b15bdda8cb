package io.catena.storage.cassandra;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The tables of a region's keyspace, as CQL (layout version {@value #VERSION}); the module README
 * explains each. Any change to a table's definition or to how values are encoded is a new layout
 * version, which open refuses to mix with data of another. Stateless.
 */
final class CassandraLayout {

    static final int VERSION = 2;

    static final String DATA = "data";
    static final String KEYS = "keys";
    static final String RLOG = "rlog";
    static final String META = "meta";
    static final Set<String> TABLES = Set.of(DATA, KEYS, RLOG, META);

    /** The key of the meta table's one row: the layout version and whose data this is, claimed together. */
    static final String META_ROW = "catena";

    /**
     * Deleted rows leave tombstones; three hours (Cassandra's default hint window) instead of ten
     * days, so superseded versions that garbage collection deleted stop costing reads soon. A node
     * that is down longer than that must be repaired before it rejoins, as for any hint window.
     */
    private static final int GC_GRACE_SECONDS = 3 * 3600;

    private CassandraLayout() {
    }

    static String createKeyspace(String keyspace, Map<String, String> replication) {
        String map = replication.entrySet().stream()
                .map(e -> quote(e.getKey()) + ": " + quote(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
        return "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + map;
    }

    static List<String> createTables(String keyspace) {
        return List.of(
                // One partition per chain key; one CQL row per (row, version). The static columns
                // make the latest version and the GC horizon part of every single-partition batch;
                // term is the leader term that claimed a partition of a leader table (TermClaims).
                "CREATE TABLE IF NOT EXISTS " + keyspace + "." + DATA + " ("
                        + " tbl text, part text, clustering text, version_epoch bigint, version_rank int,"
                        + " row text,"
                        + " latest_epoch bigint static, latest_rank int static,"
                        + " horizon_epoch bigint static, horizon_rank int static, term bigint static,"
                        + " PRIMARY KEY ((tbl, part), clustering, version_epoch, version_rank))"
                        + " WITH CLUSTERING ORDER BY (clustering ASC, version_epoch DESC, version_rank DESC)"
                        + " AND gc_grace_seconds = " + GC_GRACE_SECONDS,
                "CREATE TABLE IF NOT EXISTS " + keyspace + "." + KEYS + " ("
                        + " tbl text, part text, PRIMARY KEY ((tbl), part))"
                        + " WITH gc_grace_seconds = " + GC_GRACE_SECONDS,
                // term: the leader term that claimed the origin's log (TermClaims).
                "CREATE TABLE IF NOT EXISTS " + keyspace + "." + RLOG + " ("
                        + " origin int, epoch bigint, record blob, truncated_through bigint static, term bigint static,"
                        + " PRIMARY KEY ((origin), epoch))"
                        + " WITH gc_grace_seconds = " + GC_GRACE_SECONDS,
                // Must keep its columns in every later layout: open reads them to tell layouts apart.
                "CREATE TABLE IF NOT EXISTS " + keyspace + "." + META + " ("
                        + " id text PRIMARY KEY, layout_version int, cluster_name text, region_name text)");
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
