package io.catena.core.data;

/**
 * The effect of a transaction on one row: its new value, or its deletion. Writes are whole-row:
 * hop execution has already merged column updates into the row it read.
 */
public record RowWrite(String clustering, Row row) {

    public RowWrite {
        if (clustering == null) {
            throw new IllegalArgumentException("clustering key is required");
        }
    }

    public static RowWrite put(String clustering, Row row) {
        if (row == null) {
            throw new IllegalArgumentException("use RowWrite.delete for deletions");
        }
        return new RowWrite(clustering, row);
    }

    public static RowWrite delete(String clustering) {
        return new RowWrite(clustering, null);
    }

    public boolean isDelete() {
        return row == null;
    }

    public int sizeBytes() {
        return clustering.length() + (row == null ? 1 : row.sizeBytes());
    }
}
