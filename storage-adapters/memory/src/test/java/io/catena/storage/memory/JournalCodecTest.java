package io.catena.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.rlog.RLogRecord;
import io.catena.storage.conformance.LogRecordSamples;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The log-record encoding the store keeps is the body of the journal's append entry, byte for byte. */
class JournalCodecTest {

    @Test
    void anAppendEntryBuiltFromAStoredRecordIsTheEntryTheJournalWouldWrite() throws IOException {
        for (int variant = 0; variant < 3; variant++) {
            RLogRecord record = LogRecordSamples.record(1, 7, variant);
            byte[] stored = JournalCodec.encodeRecord(record);

            assertThat(JournalCodec.appendLogEntry(stored))
                    .isEqualTo(JournalCodec.encode(new JournalEntry.AppendLog(record)));
            assertThat(JournalCodec.decodeRecord(stored)).isEqualTo(record);
        }
    }
}
