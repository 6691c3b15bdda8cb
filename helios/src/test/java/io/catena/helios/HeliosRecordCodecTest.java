package io.catena.helios;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.helios.message.HeliosRecord;
import io.catena.kit.KeyCommit;
import io.catena.rlog.LogRecord;
import io.catena.rlog.TimetableSnapshot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeliosRecordCodecTest {

    private static final TxnId TXN = new TxnId(7, RegionId.of(2), 3);

    @Test
    void aPreparingRecordComesBackWithItsKeysVersionsAndWrites() {
        List<KeyCommit> keys = List.of(
                new KeyCommit(ChainKey.of("t", "x"), Version.of(5, 1),
                        List.of(RowWrite.put("c", Row.of(Map.of("v", Datum.of(9)))), RowWrite.delete("d"))),
                new KeyCommit(ChainKey.of("t", "y"), Version.ZERO, List.of()));
        LogRecord<HeliosRecord> r = new LogRecord<>(2, 1_000, new HeliosRecord.Preparing(TXN, keys));

        assertThat(HeliosRecordCodec.decodeRecord(HeliosRecordCodec.encode(r))).isEqualTo(r);
    }

    @Test
    void finishedRecordsKeepTheirOutcome() {
        for (boolean committed : new boolean[] {true, false}) {
            LogRecord<HeliosRecord> r = new LogRecord<>(0, 42, new HeliosRecord.Finished(TXN, committed));
            assertThat(HeliosRecordCodec.decodeRecord(HeliosRecordCodec.encode(r))).isEqualTo(r);
        }
    }

    @Test
    void theTimetableComesBackEntryForEntry() {
        TimetableSnapshot table = TimetableSnapshot.of(new long[][] {{30, 20, 10}, {25, 20, 10}, {0, 0, 10}});

        assertThat(HeliosRecordCodec.decodeTimetable(HeliosRecordCodec.encode(table))).isEqualTo(table);
    }

    @Test
    void recordRowsAreNamedByOriginAndTimestampApartFromTheTimetableAndTheAnswers() {
        assertThat(HeliosRecordCodec.recordRow(2, 1_000)).isEqualTo("l/2/1000");
        assertThat(HeliosRecordCodec.isRecord("l/2/1000")).isTrue();
        assertThat(HeliosRecordCodec.isRecord(HeliosRecordCodec.TIMETABLE_ROW)).isFalse();
        assertThat(HeliosRecordCodec.isRecord(io.catena.kit.AnswerCodec.answerRow(4))).isFalse();
    }
}
