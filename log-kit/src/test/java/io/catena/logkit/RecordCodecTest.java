package io.catena.logkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.logkit.message.TxnRecord;
import io.catena.kit.KeyCommit;
import io.catena.rlog.LogRecord;
import io.catena.rlog.TimetableSnapshot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordCodecTest {

    private static final TxnId TXN = new TxnId(7, RegionId.of(2), 3);

    @Test
    void aPreparingRecordComesBackWithItsKeysVersionsAndWrites() {
        List<KeyCommit> keys = List.of(
                new KeyCommit(ChainKey.of("t", "x"), Version.of(5, 1),
                        List.of(RowWrite.put("c", Row.of(Map.of("v", Datum.of(9)))), RowWrite.delete("d"))),
                new KeyCommit(ChainKey.of("t", "y"), Version.ZERO, List.of()));
        LogRecord<TxnRecord> r = new LogRecord<>(2, 1_000, new TxnRecord.Pending(TXN, keys));

        assertThat(RecordCodec.decodeRecord(RecordCodec.encode(r))).isEqualTo(r);
    }

    @Test
    void finishedRecordsKeepTheirOutcome() {
        for (boolean committed : new boolean[] {true, false}) {
            LogRecord<TxnRecord> r = new LogRecord<>(0, 42, new TxnRecord.Finished(TXN, committed));
            assertThat(RecordCodec.decodeRecord(RecordCodec.encode(r))).isEqualTo(r);
        }
    }

    @Test
    void theTimetableComesBackEntryForEntry() {
        TimetableSnapshot table = TimetableSnapshot.of(new long[][] {{30, 20, 10}, {25, 20, 10}, {0, 0, 10}});

        assertThat(RecordCodec.decodeTimetable(RecordCodec.encode(table))).isEqualTo(table);
    }

    @Test
    void recordRowsAreNamedByOriginAndTimestampApartFromTheTimetableAndTheAnswers() {
        assertThat(RecordCodec.recordRow(2, 1_000)).isEqualTo("l/2/1000");
        assertThat(RecordCodec.isRecord("l/2/1000")).isTrue();
        assertThat(RecordCodec.isRecord(RecordCodec.TIMETABLE_ROW)).isFalse();
        assertThat(RecordCodec.isRecord(io.catena.kit.AnswerCodec.answerRow(4))).isFalse();
    }
}
