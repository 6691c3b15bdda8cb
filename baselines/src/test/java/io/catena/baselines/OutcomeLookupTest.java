package io.catena.baselines;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.TxnReply;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Outcome;
import io.catena.kit.QueuedStoragePort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Outcome lookups at a 2PL home of three regions, driven step by step: the other regions answer
 * only when the test says so, storage only when it delivers.
 */
class OutcomeLookupTest {

    private static final RegionId HOME = RegionId.of(0);
    private static final NodeId CLIENT = NodeId.client(HOME, 1);
    private static final NodeId EU = NodeId.coordinator(RegionId.of(1));
    private static final RowKey ROW = RowKey.of("accounts", "a");
    private static final RequestId TARGET = new RequestId(1, 1);
    private static final RequestId QUERY = new RequestId(1, 2);
    private static final long LOCK_WAIT_MICROS = 2_000_000;

    private final QueuedStoragePort storage = new QueuedStoragePort();
    private final List<Map.Entry<NodeId, Message>> sent = new ArrayList<>();
    private TwoPhaseLockingNode node;

    @BeforeEach
    void start() {
        storage.seed(ROW.chainKey(), ROW.clustering(), Row.of("n", 10));
        NodePorts ports = new NodePorts((to, m) -> sent.add(Map.entry(to, m)), storage, WorkMeter.NONE);
        node = new TwoPhaseLockingNode(ClusterConfig.builder().build(), HOME, ProcedureRegistry.empty(), ports,
                new BaselineSettings(LOCK_WAIT_MICROS, 1, 100));
        storage.deliverAll();
    }

    @Test
    void aLookupOfACommittedRequestGetsItsAnswer() {
        node.onMessage(1_000, CLIENT, read(TARGET));
        storage.deliverAll();
        node.onMessage(2_000, EU, new ClaimReply(claimedTxn(), 0, ClaimVerdict.GRANTED, List.of(Version.ZERO)));
        TxnReply answer = repliesTo(TARGET).get(0);
        assertThat(answer.result().outcome()).isEqualTo(Outcome.COMMITTED);

        node.onMessage(3_000, CLIENT, new QueryOutcome(QUERY, TARGET));

        assertThat(repliesTo(QUERY)).containsExactly(new TxnReply(QUERY, answer.result(), answer.version(), false));
    }

    @Test
    void aLookupOfARequestUnderWayIsAnsweredWhenItEnds() {
        node.onMessage(1_000, CLIENT, read(TARGET));
        node.onMessage(2_000, CLIENT, new QueryOutcome(QUERY, TARGET));
        assertThat(repliesTo(QUERY)).as("no majority has granted the locks yet").isEmpty();

        node.onWakeup(1_000 + LOCK_WAIT_MICROS);

        assertThat(repliesTo(TARGET)).singleElement().satisfies(r -> assertThat(r.result().outcome())
                .isEqualTo(Outcome.ABORTED));
        assertThat(repliesTo(QUERY)).singleElement()
                .satisfies(r -> assertThat(r.result()).isEqualTo(repliesTo(TARGET).get(0).result()));
    }

    @Test
    void aLookupOfAnUnknownRequestCancelsItAndALaterCopyIsRefusedWithoutRunning() {
        node.onMessage(1_000, CLIENT, new QueryOutcome(QUERY, TARGET));
        assertThat(repliesTo(QUERY)).as("the cancellation is given once recorded").isEmpty();
        storage.deliverAll();
        assertThat(repliesTo(QUERY)).singleElement().satisfies(r -> {
            assertThat(r.result().outcome()).isEqualTo(Outcome.DROPPED);
            assertThat(r.result().reason()).isEqualTo(QueryOutcome.CANCELLED);
        });
        sent.clear();

        node.onMessage(2_000, CLIENT, read(TARGET));

        assertThat(repliesTo(TARGET)).singleElement().satisfies(r -> assertThat(r.result().outcome())
                .isEqualTo(Outcome.DROPPED));
        assertThat(sent).as("nothing but the refusal: no claim went out").hasSize(1);
        assertThat(node.transactionsInFlight()).isZero();
    }

    private static SubmitReadOnly read(RequestId request) {
        return new SubmitReadOnly(request, List.of(ROW), Version.ZERO, List.of());
    }

    /** The transaction whose locks the home asked the other regions for. */
    private TxnId claimedTxn() {
        return sent.stream().filter(e -> e.getKey().equals(EU) && e.getValue() instanceof ClaimKeys)
                .map(e -> ((ClaimKeys) e.getValue()).txn()).findFirst().orElseThrow();
    }

    private List<TxnReply> repliesTo(RequestId request) {
        return sent.stream().filter(e -> e.getKey().equals(CLIENT) && e.getValue() instanceof TxnReply r
                && r.request().equals(request)).map(e -> (TxnReply) e.getValue()).toList();
    }
}
