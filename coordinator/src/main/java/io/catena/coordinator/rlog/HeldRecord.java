package io.catena.coordinator.rlog;

import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.RLogRecord;

/**
 * A record this region holds, with what shipping it needs to know: when it became held (relays
 * wait a while after that) and what it takes in an epoch message, measured once.
 *
 * @param record       the record
 * @param heldAtMicros when this region came to hold it
 * @param encodedBytes its size in an epoch message ({@link EncodedSize#record})
 */
public record HeldRecord(RLogRecord record, long heldAtMicros, long encodedBytes) {

    static HeldRecord of(RLogRecord record, long heldAtMicros) {
        return new HeldRecord(record, heldAtMicros, EncodedSize.record(record));
    }

    public long epoch() {
        return record.epoch();
    }
}
