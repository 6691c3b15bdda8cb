package io.catena.core.data;

/** A row as a transaction saw it; {@code row} is null when the row did not exist. */
public record ReadResult(RowKey key, Row row) {

    public ReadResult {
        if (key == null) {
            throw new IllegalArgumentException("a read result names its row");
        }
    }

    public boolean exists() {
        return row != null;
    }
}
