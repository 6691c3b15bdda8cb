package io.catena.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.RLogRecord;
import io.catena.storage.conformance.LogRecordSamples;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
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

    @Test
    void aRecordCarriesItsCancellationsAfterEverythingElse() throws IOException {
        RLogRecord plain = LogRecordSamples.record(1, 7, 2);
        RLogRecord cancelling = new RLogRecord(plain.origin(), plain.epoch(), plain.txns(), plain.receipts(),
                plain.abandons(), plain.votes(), plain.appliedThrough(),
                List.of(new RequestId(4711, 3), new RequestId(-1, Long.MAX_VALUE)));
        byte[] plainBytes = JournalCodec.encodeRecord(plain);
        byte[] cancellingBytes = JournalCodec.encodeRecord(cancelling);

        assertThat(JournalCodec.decodeRecord(cancellingBytes)).isEqualTo(cancelling);
        assertThat(JournalCodec.decode(JournalCodec.appendLogEntry(cancellingBytes)))
                .isEqualTo(new JournalEntry.AppendLog(cancelling));
        assertThat(Arrays.copyOf(cancellingBytes, plainBytes.length)).as("the same record before them")
                .isEqualTo(plainBytes);
        assertThat(cancellingBytes).hasSize(plainBytes.length + 4 + 2 * 16);
    }

    @Test
    void aRecordWrittenBeforeCancellationsExistedReadsAsOneThatCancelsNothing() throws IOException {
        // origin, epoch, no transactions, receipts [6, 7], no abandons, no votes, appliedThrough 5.2:
        // the grammar as it was, with nothing after appliedThrough.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(1);
            out.writeLong(7);
            out.writeInt(0);
            out.writeInt(2);
            out.writeLong(6);
            out.writeLong(7);
            out.writeInt(0);
            out.writeInt(0);
            out.writeLong(5);
            out.writeInt(2);
        }

        RLogRecord read = JournalCodec.decodeRecord(bytes.toByteArray());

        assertThat(read).isEqualTo(new RLogRecord(RegionId.of(1), 7, List.of(), EpochVector.of(6, 7), List.of(),
                List.of(), Version.of(5, 2)));
        assertThat(read.cancels()).isEmpty();
        assertThat(JournalCodec.encodeRecord(read)).isEqualTo(bytes.toByteArray());
    }

    @Test
    void aTruncatedCancellationListIsReportedNotGuessed() {
        RLogRecord plain = LogRecordSamples.record(1, 7, 0);
        byte[] bytes = JournalCodec.encodeRecord(new RLogRecord(plain.origin(), plain.epoch(), plain.txns(),
                plain.receipts(), plain.abandons(), plain.votes(), plain.appliedThrough(), List.of(new RequestId(1, 2))));

        assertThatThrownBy(() -> JournalCodec.decodeRecord(Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(IOException.class);
    }
}
