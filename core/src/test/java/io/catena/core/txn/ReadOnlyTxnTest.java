package io.catena.core.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.rlog.EncodedSize;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What a read-only transaction may name, and how large its answer may grow. */
class ReadOnlyTxnTest {

    private static final ChainKey ORDERS = ChainKey.of("orders", "d7");

    @Test
    void aReadNamesSomethingAndNoReservedTable() {
        assertThat(ReadOnlyTxn.rejection(List.of(), List.of()))
                .isEqualTo("a read-only transaction reads at least one row or partition");
        assertThat(ReadOnlyTxn.rejection(List.of(), List.of(ORDERS))).isNull();
        assertThat(ReadOnlyTxn.rejection(List.of(RowKey.of("accounts", "a")), List.of())).isNull();
        assertThat(ReadOnlyTxn.rejection(List.of(RowKey.of("__answers", "a")), List.of()))
                .isEqualTo("table __answers is reserved for Catena's own use");
        assertThat(ReadOnlyTxn.rejection(List.of(RowKey.of("accounts", "a")), List.of(ORDERS, ChainKey.of("__log", "0"))))
                .isEqualTo("table __log is reserved for Catena's own use");
    }

    @Test
    void anAnswerUpToTheBudgetIsCommittedAndOneByteMoreIsRefusedWithBothSizes() {
        SortedMap<String, Row> rows = new TreeMap<>();
        for (int i = 0; i < 100; i++) {
            rows.put("o" + i, Row.of("note", "x".repeat(100)));
        }
        SnapshotRows answer = new SnapshotRows(List.of(new ReadResult(RowKey.of("districts", "d7"), null)),
                Map.of(ORDERS, rows));
        long bytes = EncodedSize.replyFrame(TxnResult.committed(answer.flatten(), Row.EMPTY));

        TxnResult fits = ReadOnlyTxn.result(answer, bytes);
        TxnResult tooLarge = ReadOnlyTxn.result(answer, bytes - 1);

        assertThat(fits.outcome()).isEqualTo(Outcome.COMMITTED);
        assertThat(fits.reads()).hasSize(101).isEqualTo(answer.flatten());
        assertThat(tooLarge.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(tooLarge.reads()).isEmpty();
        assertThat(tooLarge.reason()).isEqualTo("the snapshot read's answer would take up to " + bytes
                + " bytes, more than the " + (bytes - 1) + " bytes of the largest frame every region accepts, so read "
                + "fewer rows or partitions at a time");
    }

    @Test
    void aReplyMayTakeTheLargestEpochMessageButNeverLessThanTheSmallestFrameARegionAccepts() {
        assertThat(ReadOnlyTxn.maxReplyBytes(ClusterConfig.builder().build())).isEqualTo(8 << 20);
        assertThat(ReadOnlyTxn.maxReplyBytes(ClusterConfig.builder().maxTransactionBytes(1024).maxRecordBytes(4096)
                .maxEpochMessageBytes(8192).build())).isEqualTo(64 << 10);
    }
}
