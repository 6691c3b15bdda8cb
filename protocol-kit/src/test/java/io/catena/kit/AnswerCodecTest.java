package io.catena.kit;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowJson;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Answers read back as they were written, through the text form the real stores keep rows in. */
class AnswerCodecTest {

    private static final ChainKey X = ChainKey.of("lists", "x");
    private static final ChainKey Y = ChainKey.of("lists", "y");

    @Test
    void answersRoundTrip() {
        RequestId request = new RequestId(42, 7);
        List<TxnReply> answers = List.of(
                new TxnReply(request, TxnResult.committed(List.of(new ReadResult(new RowKey(X, "e"), Row.of("n", 5))),
                        Row.of("out", "ok")), Version.of(1_234_568, 2), true),
                new TxnReply(request, TxnResult.aborted("balance below zero",
                        List.of(new ReadResult(new RowKey(Y, "g"), null))), null, false),
                new TxnReply(request, TxnResult.conflict("2PL: no majority"), null, false),
                new TxnReply(request, TxnResult.dropped(QueryOutcome.CANCELLED), null, false));

        for (TxnReply answer : answers) {
            assertThat(AnswerCodec.decodeReply(stored(AnswerCodec.encode(answer)))).isEqualTo(answer);
        }
    }

    @Test
    void anAnswersRowNamesItsSequence() {
        assertThat(AnswerCodec.isAnswer(AnswerCodec.answerRow(12))).isTrue();
        assertThat(AnswerCodec.answerSequence(AnswerCodec.answerRow(12))).isEqualTo(12);
        assertThat(AnswerCodec.isAnswer("g/12")).isFalse();
    }

    /** The row as Cassandra and HBase keep it: its JSON text. */
    private static Row stored(Row row) {
        return RowJson.decode(RowJson.encode(row));
    }
}
