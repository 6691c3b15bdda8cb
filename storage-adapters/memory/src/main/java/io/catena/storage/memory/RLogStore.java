package io.catena.storage.memory;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The retained replicated-log records of one region's store, by origin and epoch.
 *
 * <p>The first record stored for an (origin, epoch) pair wins. Truncating an origin through an
 * epoch also remembers that epoch, so a late duplicate of a truncated record is not stored again.
 * Not thread-safe: owned by {@link MemoryStorageEngine}, which serializes access.
 *
 * <p>Records are kept encoded ({@link JournalCodec#encodeRecord}), as a real store keeps them:
 * they are read back only when a coordinator restarts, and a region keeps a dedup window's worth
 * (tens of thousands of transactions), which as object graphs would burden every young collection.
 */
final class RLogStore {

    private final TreeMap<RegionId, TreeMap<Long, byte[]>> byOrigin = new TreeMap<>();
    private final Map<RegionId, Long> truncatedThrough = new HashMap<>();

    /** True if {@link #append} would store {@code record}. */
    boolean accepts(RLogRecord record) {
        if (record.epoch() <= truncatedThrough.getOrDefault(record.origin(), 0L)) {
            return false;
        }
        TreeMap<Long, byte[]> records = byOrigin.get(record.origin());
        return records == null || !records.containsKey(record.epoch());
    }

    /** Stores {@code record} unless a record of its origin and epoch was stored or truncated before. */
    boolean append(RLogRecord record) {
        return append(record, JournalCodec.encodeRecord(record));
    }

    /** As {@link #append(RLogRecord)}, with the record's {@link JournalCodec#encodeRecord} bytes at hand. */
    boolean append(RLogRecord record, byte[] encoded) {
        if (!accepts(record)) {
            return false;
        }
        byOrigin.computeIfAbsent(record.origin(), o -> new TreeMap<>()).put(record.epoch(), encoded);
        return true;
    }

    /** True if {@link #truncate} would change anything. */
    boolean truncates(RegionId origin, long throughEpoch) {
        return throughEpoch > truncatedThrough.getOrDefault(origin, 0L);
    }

    /** Drops the records of {@code origin} with epochs at or below {@code throughEpoch}. */
    void truncate(RegionId origin, long throughEpoch) {
        if (!truncates(origin, throughEpoch)) {
            return;
        }
        truncatedThrough.put(origin, throughEpoch);
        TreeMap<Long, byte[]> records = byOrigin.get(origin);
        if (records != null) {
            records.headMap(throughEpoch, true).clear();
            if (records.isEmpty()) {
                byOrigin.remove(origin);
            }
        }
    }

    /** Every retained record, by origin and then epoch. */
    List<RLogRecord> records() {
        List<RLogRecord> all = new ArrayList<>();
        for (TreeMap<Long, byte[]> records : byOrigin.values()) {
            for (byte[] encoded : records.values()) {
                try {
                    all.add(JournalCodec.decodeRecord(encoded));
                } catch (IOException e) {
                    throw new UncheckedIOException("a stored log record no longer decodes: " + e.getMessage(), e);
                }
            }
        }
        return all;
    }
}
