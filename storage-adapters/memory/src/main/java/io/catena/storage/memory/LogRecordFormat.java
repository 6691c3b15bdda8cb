package io.catena.storage.memory;

import io.catena.core.rlog.RLogRecord;
import java.io.IOException;

/**
 * The binary form of a replicated-log record that every store keeps: the embedded store's journal
 * and the Cassandra and HBase adapters' log tables hold the same bytes, so a record has one
 * on-disk format whatever the store (the grammar is in {@link JournalCodec}'s documentation).
 * Stateless.
 */
public final class LogRecordFormat {

    private LogRecordFormat() {
    }

    public static byte[] encode(RLogRecord record) {
        return JournalCodec.encodeRecord(record);
    }

    /**
     * Reads back what {@link #encode} wrote.
     *
     * @throws IOException if {@code bytes} is not exactly one encoded record
     */
    public static RLogRecord decode(byte[] bytes) throws IOException {
        return JournalCodec.decodeRecord(bytes);
    }
}
