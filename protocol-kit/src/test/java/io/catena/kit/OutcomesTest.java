package io.catena.kit;

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
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class OutcomesTest {

    private static final NodeId CLIENT = NodeId.client(RegionId.of(0), 1);
    private static final NodeId OTHER_CLIENT = NodeId.client(RegionId.of(0), 2);
    private static final RequestId TARGET = new RequestId(1, 1);
    private static final RequestId QUERY = new RequestId(1, 2);
    private static final TxnReply COMMITTED = new TxnReply(TARGET, TxnResult.committed(List.of(), Row.EMPTY),
            Version.of(40, 0), false);

    private final List<Map.Entry<NodeId, TxnReply>> sent = new ArrayList<>();
    private final FakeStore store = new FakeStore();
    private final Outcomes outcomes = new Outcomes(3, (to, reply) -> sent.add(Map.entry(to, reply)), store);

    /** Rows as the store would hold them once every write so far is durable, and writes not yet durable. */
    private static final class FakeStore implements Outcomes.Store {
        final Map<String, Row> rows = new TreeMap<>();
        final List<Runnable> pending = new ArrayList<>();

        @Override
        public void record(String row, Row value, Runnable durable) {
            pending.add(() -> {
                rows.put(row, value);
                durable.run();
            });
        }

        @Override
        public void recordLater(String row, Row value) {
            rows.put(row, value);
        }

        @Override
        public void drop(String row) {
            rows.remove(row);
        }

        void makeDurable() {
            List<Runnable> now = new ArrayList<>(pending);
            pending.clear();
            now.forEach(Runnable::run);
        }
    }

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
        outcomes.answerDurably(aborted, () -> {
        });
        assertThat(sent).as("an abort is given once recorded").isEmpty();
        store.makeDurable();

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
        assertThat(sent).as("the cancellation is given once recorded").isEmpty();
        assertThat(outcomes.recording(TARGET)).as("a copy arriving meanwhile waits rather than run").isTrue();
        outcomes.retried(OTHER_CLIENT, TARGET);
        store.makeDurable();

        assertThat(sent).hasSize(2);
        assertThat(sent.get(1)).as("the copy that waited is refused with the cancellation")
                .isEqualTo(Map.entry(OTHER_CLIENT, new TxnReply(TARGET, sent.get(0).getValue().result(), null, false)));
        TxnReply lookedUp = sent.get(0).getValue();
        assertThat(lookedUp.request()).isEqualTo(QUERY);
        assertThat(lookedUp.result().outcome()).isEqualTo(Outcome.DROPPED);
        assertThat(lookedUp.result().reason()).isEqualTo(QueryOutcome.CANCELLED);
        TxnReply refusal = outcomes.given(TARGET);
        assertThat(refusal).as("a copy arriving now is answered, not run")
                .isEqualTo(new TxnReply(TARGET, lookedUp.result(), null, false));

        outcomes.lookUp(CLIENT, new QueryOutcome(new RequestId(1, 3), TARGET), true);
        assertThat(sent.get(2).getValue().result().outcome())
                .as("asked again, even about a copy that arrived since, the answer stays").isEqualTo(Outcome.DROPPED);
    }

    @Test
    void answersAndCancellationsShareOneWindowOldestOutAndTheirRowsWithThem() {
        outcomes.lookUp(CLIENT, new QueryOutcome(QUERY, TARGET), false);
        store.makeDurable();
        assertThat(store.rows).as("the cancellation's record").hasSize(1);
        for (int i = 10; i < 13; i++) {
            outcomes.answered(new TxnReply(new RequestId(1, i), COMMITTED.result(), Version.of(i, 0), false));
        }

        assertThat(outcomes.given(TARGET)).as("the oldest of four, beyond a window of three").isNull();
        assertThat(store.rows).as("its record left with it").isEmpty();
        assertThat(outcomes.given(new RequestId(1, 10))).isNotNull();
        assertThat(outcomes.given(new RequestId(1, 12))).isNotNull();
    }

    @Test
    void aCommitsAnswerIsRecordedWhenItsDecisionRecordGoesAndComesBackAfterACrash() {
        outcomes.answered(COMMITTED);
        assertThat(store.rows).as("covered by the decision record meanwhile").isEmpty();
        outcomes.covered(TARGET);
        outcomes.covered(TARGET);
        assertThat(store.rows).as("recorded once").hasSize(1);

        Outcomes restarted = new Outcomes(3, (to, reply) -> sent.add(Map.entry(to, reply)), store);
        store.rows.forEach((row, value) -> restarted.restore(AnswerCodec.answerSequence(row), AnswerCodec.decodeReply(value)));

        assertThat(restarted.given(TARGET)).isEqualTo(COMMITTED);
        restarted.answered(new TxnReply(new RequestId(1, 20), COMMITTED.result(), Version.of(50, 0), false));
        restarted.covered(new RequestId(1, 20));
        assertThat(store.rows).as("a new answer takes a row of its own, after the restored one").hasSize(2);
    }
}
