package io.catena.coordinator.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.txn.TxnResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerCodecTest {

    @Test
    void aCommittedAnswerWithReadsAndOutputsRoundTrips() {
        Row row = Row.of("balance", 42).with("name", Datum.of("ann")).with("hist", Datum.of(List.of(Datum.of(1), Datum.of(2))));
        TxnResult result = TxnResult.committed(List.of(
                new ReadResult(RowKey.of("accounts", "a1"), row),
                new ReadResult(RowKey.of("accounts", "a2", "c"), null)), Row.of("o_id", 3001));
        AnswerCodec.Answer a = new AnswerCodec.Answer(result, Version.of(77, 4), true);
        assertThat(AnswerCodec.decode(AnswerCodec.encode(a))).isEqualTo(a);
    }

    @Test
    void rejectionsWithoutVersionRoundTrip() {
        AnswerCodec.Answer a = new AnswerCodec.Answer(TxnResult.rejected("unknown procedure x"), null, false);
        assertThat(AnswerCodec.decode(AnswerCodec.encode(a))).isEqualTo(a);
    }

    @Test
    void columnNamesThatLookLikeTheCodecsOwnDoNotConfuseIt() {
        Row tricky = Row.of("col.x", 1).with("r1.table", Datum.of("t"));
        TxnResult result = TxnResult.committed(List.of(new ReadResult(RowKey.of("t", "p"), tricky)), Row.EMPTY);
        AnswerCodec.Answer a = new AnswerCodec.Answer(result, Version.of(1, 0), false);
        assertThat(AnswerCodec.decode(AnswerCodec.encode(a))).isEqualTo(a);
    }
}
