package io.catena.baselines;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutcomesTest {

    private static final NodeId CLIENT = NodeId.client(RegionId.of(0), 1);
    private static final NodeId OTHER_CLIENT = NodeId.client(RegionId.of(0), 2);
    private static final RequestId TARGET = new RequestId(1, 1);
    private static final RequestId QUERY = new RequestId(1, 2);
    private static final TxnReply COMMITTED = new TxnReply(TARGET, TxnResult.committed(List.of(), Row.EMPTY),
            Version.of(40, 0), false);

    private final List<Map.Entry<NodeId, TxnReply>> sent = new ArrayList<>();
    private final Outcomes outcomes = new Outcomes(3, (to, reply) -> sent.add(Map.entry(to, reply)));

    @Test
    void aLookupOfAnAnsweredRequestGetsItsAnswerUnderTheQuerysName() {
        outcomes.answered(COMMITTED);

        outcomes.lookUp(CLIENT, new QueryOutcome(QUERY, TARGET), false);

        assertThat(sent).containsExactly(Map.entry(CLIENT,
                new TxnReply(QUERY, COMMITTED.result(), COMMITTED.version(), false)));
    }

    @Test
    void aLookupOfARequestUnderWayWaitsForItsAnswerAndAResentQueryIsAnsweredOnce() {
        RequestId secondQuery = new RequestId(2, 9);
        outcomes.lookUp(CLIENT, new QueryOutcome(QUERY, TARGET), true);
        outcomes.lookUp(CLIENT, new QueryOutcome(QUERY, TARGET), true);
        outcomes.lookUp(OTHER_CLIENT, new QueryOutcome(secondQuery, TARGET), true);
        assertThat(sent).as("nothing is definite while the transaction runs").isEmpty();

        TxnReply aborted = new TxnReply(TARGET, TxnResult.conflict("2PL: no majority"), null, false);
        outcomes.answered(aborted);

        assertThat(sent).containsExactly(
                Map.entry(CLIENT, new TxnReply(QUERY, aborted.result(), null, false)),
                Map.entry(OTHER_CLIENT, new TxnReply(secondQuery, aborted.result(), null, false)));
        sent.clear();
        outcomes.answered(new TxnReply(new RequestId(1, 3), aborted.result(), null, false));
        assertThat(sent).as("answered lookups are gone").isEmpty();
    }

    @Test
    void aLookupOfAnUnknownRequestCancelsItSoThatALaterCopyIsRefusedWithTheSameAnswer() {
        outcomes.lookUp(CLIENT, new QueryOutcome(QUERY, TARGET), false);

        assertThat(sent).hasSize(1);
        TxnReply lookedUp = sent.get(0).getValue();
        assertThat(lookedUp.request()).isEqualTo(QUERY);
        assertThat(lookedUp.result().outcome()).isEqualTo(Outcome.DROPPED);
        assertThat(lookedUp.result().reason()).isEqualTo(QueryOutcome.CANCELLED);
        TxnReply refusal = outcomes.given(TARGET);
        assertThat(refusal).as("a copy arriving now is answered, not run")
                .isEqualTo(new TxnReply(TARGET, lookedUp.result(), null, false));

        outcomes.lookUp(CLIENT, new QueryOutcome(new RequestId(1, 3), TARGET), true);
        assertThat(sent.get(1).getValue().result().outcome())
                .as("asked again, even about a copy that arrived since, the answer stays").isEqualTo(Outcome.DROPPED);
    }

    @Test
    void answersAndCancellationsShareOneWindowOldestOut() {
        outcomes.lookUp(CLIENT, new QueryOutcome(QUERY, TARGET), false);
        for (int i = 10; i < 13; i++) {
            outcomes.answered(new TxnReply(new RequestId(1, i), COMMITTED.result(), Version.of(i, 0), false));
        }

        assertThat(outcomes.given(TARGET)).as("the oldest of four, beyond a window of three").isNull();
        assertThat(outcomes.given(new RequestId(1, 10))).isNotNull();
        assertThat(outcomes.given(new RequestId(1, 12))).isNotNull();
    }
}
