package io.catena.storage.hbase;

import io.catena.core.data.ChainKey;
import io.catena.core.id.RegionId;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Row keys of the HBase layout. A chain key's row is its table name in UTF-8 with each
 * {@code 0x00} written as {@code 0x00 0xFF}, then the separator {@code 0x00 0x01}, then its
 * partition key in UTF-8: byte order sorts rows by table, then partition, and all rows of a table
 * share the prefix "table, separator", so a table's chain keys are one contiguous scan. A log
 * record's row is its origin region (4 bytes, big-endian) and its qualifier the epoch (8 bytes,
 * big-endian), so a scan returns records by origin, then epoch. Stateless.
 */
final class RowKeys {

    private RowKeys() {
    }

    static byte[] of(ChainKey key) {
        byte[] partition = key.partition().getBytes(StandardCharsets.UTF_8);
        byte[] prefix = tablePrefix(key.table());
        byte[] row = Arrays.copyOf(prefix, prefix.length + partition.length);
        System.arraycopy(partition, 0, row, prefix.length, partition.length);
        return row;
    }

    /** Every row of {@code table} starts with this, and no row of another table does. */
    static byte[] tablePrefix(String table) {
        byte[] name = table.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(name.length + 4);
        for (byte b : name) {
            out.write(b);
            if (b == 0) {
                out.write(0xFF);
            }
        }
        out.write(0);
        out.write(1);
        return out.toByteArray();
    }

    /** The first row after every row of {@code table}. */
    static byte[] tableEnd(String table) {
        byte[] end = tablePrefix(table);
        end[end.length - 1] = 2;
        return end;
    }

    static ChainKey chainKeyOf(byte[] row) {
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        for (int i = 0; i + 1 < row.length; i++) {
            if (row[i] != 0) {
                table.write(row[i]);
            } else if (row[i + 1] == (byte) 0xFF) {
                table.write(0);
                i++;
            } else if (row[i + 1] == 1) {
                String partition = new String(row, i + 2, row.length - i - 2, StandardCharsets.UTF_8);
                return ChainKey.of(table.toString(StandardCharsets.UTF_8), partition);
            } else {
                break;
            }
        }
        throw new IllegalArgumentException("row key " + Arrays.toString(row) + " is not a Catena chain key");
    }

    /** The row of {@code origin}'s log records (and, for the region's own origin, of its leader term). */
    static byte[] logRow(RegionId origin) {
        return ByteBuffer.allocate(4).putInt(origin.index()).array();
    }

    static RegionId logOrigin(byte[] row) {
        return RegionId.of(ByteBuffer.wrap(row).getInt());
    }

    /** The qualifier of an epoch's record in its origin's log row. */
    static byte[] epochQualifier(long epoch) {
        return ByteBuffer.allocate(8).putLong(epoch).array();
    }

    static long epochOf(byte[] qualifier) {
        return ByteBuffer.wrap(qualifier).getLong();
    }
}
