package io.catena.baselines;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.baselines.message.CommitApplied;
import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.baselines.message.ReleaseKeys;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Access;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import io.catena.kit.QueuedStoragePort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A 2PL region that crashes and restarts on the same store, driven step by step: what it granted
 * and what it decided before the crash must hold after it, as Paxos Commit's participants must
 * keep their prepared and decision records.
 */
class CrashRecoveryTest {

    private static final RegionId HERE = RegionId.of(0);
    private static final NodeId EU = NodeId.coordinator(RegionId.of(1));
    private static final NodeId ASIA = NodeId.coordinator(RegionId.of(2));
    private static final NodeId CLIENT = NodeId.client(HERE, 1);
    private static final RowKey ROW = RowKey.of("accounts", "a", "");
    private static final ChainKey X = ROW.chainKey();
    private static final TxnId OLDER = new TxnId(1, RegionId.of(1), 0);
    private static final TxnId YOUNGER = new TxnId(2, RegionId.of(2), 0);

    private final QueuedStoragePort storage = new QueuedStoragePort();
    private final List<Map.Entry<NodeId, Message>> sent = new ArrayList<>();
    private TwoPhaseLockingNode node;

    CrashRecoveryTest() {
        storage.seed(X, ROW.clustering(), Row.of("n", 10));
        start();
    }

    /** Starts the region's node (again) on the same store, and lets it read its records back. */
    private void start() {
        NodePorts ports = new NodePorts((to, m) -> sent.add(Map.entry(to, m)), storage, WorkMeter.NONE);
        node = new TwoPhaseLockingNode(ClusterConfig.builder().build(), HERE, ProcedureRegistry.empty(), ports,
                new BaselineSettings(2_000_000, 1, 100));
        storage.deliverAll();
    }

    @Test
    void aGrantLeavesOnlyOnceRecordedAndIsHeldAgainAfterACrash() {
        node.onMessage(1_000, EU, exclusive(OLDER));
        storage.deliverAll();
        assertThat(grantsTo(EU)).as("granted once its record is durable").hasSize(1);

        sent.clear();
        start();

        assertThat(grantsTo(EU)).as("the restored grant is announced to its home").hasSize(1);
        node.onMessage(2_000, ASIA, exclusive(YOUNGER));
        storage.deliverAll();
        assertThat(grantsTo(ASIA)).as("x is still locked by the older transaction").isEmpty();

        node.onMessage(3_000, EU, new ReleaseKeys(OLDER, 0));
        storage.deliverAll();
        assertThat(grantsTo(ASIA)).as("granted once the restored lock is released").hasSize(1);
    }

    @Test
    void aCommitDecidedBeforeACrashIsSentAgainAndAnswered() {
        RequestId request = new RequestId(1, 1);
        node.onMessage(1_000, CLIENT, setN(request, 11));
        storage.deliverAll();
        TxnId txn = ((ClaimKeys) sentTo(EU).get(0)).txn();
        node.onMessage(2_000, EU, new ClaimReply(txn, 0, ClaimVerdict.GRANTED, List.of(Version.of(0, 1))));
        storage.deliverAll();
        assertThat(sentTo(EU)).as("the commit went out once its decision was durable")
                .anyMatch(m -> m instanceof CommitWrites);

        sent.clear();
        start();

        CommitWrites again = (CommitWrites) sentTo(EU).stream().filter(m -> m instanceof CommitWrites).findFirst()
                .orElseThrow();
        assertThat(again.txn()).isEqualTo(txn);
        node.onMessage(3_000, CLIENT, setN(request, 11));
        assertThat(sentTo(EU)).as("the client's retry waits for the decided commit rather than run again")
                .noneMatch(m -> m instanceof ClaimKeys);
        node.onMessage(4_000, EU, new CommitApplied(txn, again.attempt()));
        storage.deliverAll();

        assertThat(sentTo(CLIENT)).singleElement().satisfies(m -> {
            assertThat(((TxnReply) m).result().outcome()).isEqualTo(Outcome.COMMITTED);
            assertThat(((TxnReply) m).version()).isEqualTo(again.version());
        });
    }

    @Test
    void anAbortIsGivenOnlyOnceRecordedAndARetryAfterACrashGetsItInsteadOfRunningAgain() {
        RequestId request = new RequestId(1, 1);
        SubmitTxn submit = setN(request, 11);
        node.onMessage(1_000, CLIENT, submit);
        storage.deliverAll();
        node.onWakeup(3_000_000);
        assertThat(sentTo(CLIENT)).as("the lock wait's abort waits for its record").isEmpty();
        storage.deliverAll();
        assertThat(sentTo(CLIENT)).singleElement().satisfies(m -> assertOutcome(m, Outcome.ABORTED));

        sent.clear();
        start();
        node.onMessage(4_000_000, CLIENT, submit);
        storage.deliverAll();

        assertThat(sentTo(EU)).as("the retry does not run again").noneMatch(m -> m instanceof ClaimKeys);
        assertThat(sentTo(CLIENT)).singleElement().satisfies(m -> assertOutcome(m, Outcome.ABORTED));
    }

    @Test
    void aCommitsAnswerOutlivesItsDecisionRecordAndACrash() {
        RequestId request = new RequestId(1, 1);
        SubmitTxn submit = setN(request, 11);
        node.onMessage(1_000, CLIENT, submit);
        storage.deliverAll();
        TxnId txn = ((ClaimKeys) sentTo(EU).get(0)).txn();
        node.onMessage(2_000, EU, new ClaimReply(txn, 0, ClaimVerdict.GRANTED, List.of(Version.of(0, 1))));
        storage.deliverAll();
        node.onMessage(3_000, EU, new CommitApplied(txn, 0));
        node.onMessage(3_000, ASIA, new CommitApplied(txn, 0));
        storage.deliverAll();
        assertThat(sentTo(CLIENT)).singleElement().satisfies(m -> assertOutcome(m, Outcome.COMMITTED));
        // Another decision's write carries the dropped decision record and the answer recorded in its place.
        node.onMessage(4_000, CLIENT, setN(new RequestId(1, 2), 12));
        storage.deliverAll();

        sent.clear();
        start();
        node.onMessage(5_000, CLIENT, submit);
        storage.deliverAll();

        assertThat(sentTo(EU)).as("the decided commit is not sent again, and the retry does not run")
                .noneMatch(m -> m instanceof ClaimKeys c && c.txn().position() == txn.position() || m instanceof CommitWrites);
        assertThat(sentTo(CLIENT)).singleElement().satisfies(m -> {
            assertThat(((TxnReply) m).request()).isEqualTo(request);
            assertThat(((TxnReply) m).result().outcome()).isEqualTo(Outcome.COMMITTED);
        });
    }

    @Test
    void aGrantToATransactionItsHomeForgotIsReleased() {
        node.onMessage(1_000, EU, new ClaimReply(OLDER, 0, ClaimVerdict.GRANTED, List.of(Version.ZERO)));

        assertThat(sentTo(EU)).containsExactly(new ReleaseKeys(OLDER, 0));
    }

    private static SubmitTxn setN(RequestId request, long n) {
        return new SubmitTxn(request, new TxnSpec.AdHoc(List.of(new Op.Write(ROW, Row.of("n", n)))), 1_000);
    }

    private static void assertOutcome(Message reply, Outcome outcome) {
        assertThat(((TxnReply) reply).result().outcome()).isEqualTo(outcome);
    }

    private static ClaimKeys exclusive(TxnId txn) {
        return new ClaimKeys(txn, 0, List.of(new KeyClaim(X, Access.WRITE, null)));
    }

    private List<Message> sentTo(NodeId to) {
        return sent.stream().filter(e -> e.getKey().equals(to)).map(Map.Entry::getValue).toList();
    }

    private List<ClaimReply> grantsTo(NodeId home) {
        return sentTo(home).stream().filter(m -> m instanceof ClaimReply r && r.verdict() == ClaimVerdict.GRANTED)
                .map(m -> (ClaimReply) m).toList();
    }
}
