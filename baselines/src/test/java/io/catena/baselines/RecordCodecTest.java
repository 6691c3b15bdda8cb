package io.catena.baselines;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowJson;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnResult;
import io.catena.kit.AnswerCodec;
import io.catena.kit.KeyCommit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Grants and decisions read back as they were written, through the text form the real stores keep rows in. */
class RecordCodecTest {

    private static final ChainKey X = ChainKey.of("lists", "x");
    private static final ChainKey Y = ChainKey.of("lists", "y");
    private static final TxnId TXN = new TxnId(1_234_567, RegionId.of(2), 3);

    @Test
    void aGrantRoundTrips() {
        RecordCodec.Grant grant = new RecordCodec.Grant(TXN, 1, NodeId.coordinator(RegionId.of(2)),
                List.of(new KeyClaim(X, Access.READ, null), new KeyClaim(Y, Access.READ_WRITE, Version.of(9, 1))));

        assertThat(RecordCodec.decodeGrant(stored(RecordCodec.encode(grant)))).isEqualTo(grant);
    }

    @Test
    void aDecisionRoundTrips() {
        Row listRow = Row.of(Map.of("v", Datum.of(List.of(Datum.of(1), Datum.of("two"))), "n", Datum.of(-1)));
        CommitWrites commit = new CommitWrites(TXN, 0, Version.of(1_234_568, 2), List.of(
                new KeyCommit(X, Version.of(0, 1), List.of()),
                new KeyCommit(Y, Version.of(7, 0), List.of(RowWrite.put("e", listRow), RowWrite.delete("f")))));
        TxnResult result = TxnResult.committed(List.of(new ReadResult(new RowKey(X, "e"), Row.of("n", 5)),
                new ReadResult(new RowKey(Y, "g"), null)), Row.of("out", "ok"));
        RecordCodec.Decision decision = new RecordCodec.Decision(new RequestId(42, 7), NodeId.client(RegionId.of(2), 5),
                commit, result);

        assertThat(RecordCodec.decodeDecision(stored(RecordCodec.encode(decision)))).isEqualTo(decision);
    }

    @Test
    void grantsDecisionsAndAnswersAreKeptUnderDistinctRows() {
        assertThat(RecordCodec.isGrant(RecordCodec.grantRow(TXN))).isTrue();
        assertThat(RecordCodec.isGrant(RecordCodec.decisionRow(TXN))).isFalse();
        assertThat(AnswerCodec.isAnswer(RecordCodec.decisionRow(TXN))).isFalse();
        assertThat(AnswerCodec.isAnswer(RecordCodec.grantRow(TXN))).isFalse();
        assertThat(RecordCodec.isGrant(AnswerCodec.answerRow(12))).isFalse();
    }

    /** The row as Cassandra and HBase keep it: its JSON text. */
    private static Row stored(Row row) {
        return RowJson.decode(RowJson.encode(row));
    }
}
