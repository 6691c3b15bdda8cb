package io.catena.storage.hbase;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.TableName;

/**
 * Names of the HBase layout, version {@value #VERSION}: per region a namespace with three tables.
 * Version 2 keeps each origin's log in one row, beside the region's leader term (version 1 had a
 * row per record, where no condition could check the term atomically with an append).
 *
 * <ul>
 *   <li>{@code data}: one row per chain key ({@link RowKeys}). Family {@code d} holds the rows:
 *       qualifier = clustering key, cell timestamp = commit version ({@link VersionStamp}), value
 *       = the row as JSON text or empty for a deletion, every version kept. Family {@code m}
 *       holds the key's {@code latest} applied version and its garbage-collection
 *       {@code horizon} ({@code epoch.rank} text, cell timestamp = that version's stamp). Both in
 *       one row, because HBase applies one row's mutation atomically. In rows of the
 *       {@linkplain io.catena.core.spi.StorageEngine#LEADER_TABLES leader tables}, {@code m:term}
 *       holds the leader term whose writes the row takes ({@link LeaderRows}).</li>
 *   <li>{@code rlog}: one row per origin region ({@link RowKeys#logRow}): family {@code l},
 *       qualifier = the epoch (8 bytes, big-endian), value = the record's {@code LogRecordFormat}
 *       bytes. In the region's own origin row, {@code f:term} holds the leader term that claimed
 *       the store last ({@link ReplicatedLogTable}), so that one conditional mutation of that row
 *       checks the term and appends the region's own records.</li>
 *   <li>{@code meta}: row {@code layout} (layout version, cluster name, region name) and row
 *       {@code truncated} (per origin region, qualifier = its index as text, value = epoch through
 *       which its log was truncated).</li>
 * </ul>
 */
final class HBaseLayout {

    static final int VERSION = 2;

    static final byte[] DATA_ROWS = bytes("d");
    static final byte[] DATA_META = bytes("m");
    static final char CLUSTERING_PREFIX = '.';
    static final byte[] LATEST = bytes("latest");
    static final byte[] HORIZON = bytes("horizon");

    static final byte[] LOG_FAMILY = bytes("l");
    static final byte[] FENCE_FAMILY = bytes("f");
    /** The qualifier of a leader term cell: {@code f:term} in the log, {@code m:term} in a leader table's row. */
    static final byte[] TERM = bytes("term");
    /**
     * {@code f:row} = {@code 1} in an origin's log row, written before its first append: a
     * conditional append needs a cell that its condition keeps, and a fresh row has none.
     */
    static final byte[] ROW_MARK = bytes("row");
    static final byte[] ROW_MARK_VALUE = bytes("1");

    static final byte[] META_FAMILY = bytes("m");
    static final byte[] LAYOUT_ROW = bytes("layout");
    static final byte[] LAYOUT_VERSION = bytes("layout_version");
    static final byte[] CLUSTER = bytes("cluster");
    static final byte[] REGION = bytes("region");
    static final byte[] TRUNCATED_ROW = bytes("truncated");

    private HBaseLayout() {
    }

    static TableName data(String namespace) {
        return TableName.valueOf(namespace, "data");
    }

    static TableName log(String namespace) {
        return TableName.valueOf(namespace, "rlog");
    }

    static TableName meta(String namespace) {
        return TableName.valueOf(namespace, "meta");
    }

    /**
     * The qualifier of a clustering key's cells: {@code .} then the key in UTF-8. Never empty,
     * because with new version behaviour HBase lets a family delete marker miss cells whose
     * qualifier is empty (a dropped partition's row at clustering key "" would survive the drop).
     */
    static byte[] qualifierOf(String clustering) {
        return bytes(CLUSTERING_PREFIX + clustering);
    }

    static String clusteringOf(byte[] qualifier) {
        if (qualifier.length == 0 || qualifier[0] != CLUSTERING_PREFIX) {
            throw new IllegalArgumentException("qualifier '" + text(qualifier) + "' is not a Catena clustering key");
        }
        return new String(qualifier, 1, qualifier.length - 1, StandardCharsets.UTF_8);
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }
}
