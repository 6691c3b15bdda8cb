package io.catena.chainserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.ChainServerHello;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.KeyOrderReport;
import io.catena.catenae.message.PeerVersion;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResolveRequest;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.catenae.message.TxnComputed;
import io.catena.catenae.message.TxnFinalized;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Access;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Drives one chain server by hand: every message in, every message out, storage completions stepwise. */
class ChainServerTest {

    private static final RegionId REGION = RegionId.of(0);
    private static final NodeId COORD = NodeId.coordinator(REGION);
    private static final NodeId RESOLVER = NodeId.resolver(REGION);
    private static final NodeId SELF = NodeId.chainServer(REGION, 0);
    private static final ChainKey K = ChainKey.of("t", "k");
    private static final TxnId T1 = new TxnId(1, RegionId.of(0), 0);
    private static final TxnId T2 = new TxnId(1, RegionId.of(1), 0);

    private final List<Object[]> sent = new ArrayList<>();
    private final FakeStorage storage = new FakeStorage();
    private ChainServer server;

    @BeforeEach
    void start() {
        startWithGrace(0);
    }

    private void startWithGrace(long graceMicros) {
        sent.clear();
        ClusterConfig config = ClusterConfig.builder().chainServersPerRegion(1).orderingGraceMicros(graceMicros).build();
        server = new ChainServer(config, REGION, 0, 7, ProcedureRegistry.empty(),
                new NodePorts((to, m) -> sent.add(new Object[] {to, m}), storage.port, WorkMeter.NONE));
        server.onWakeup(0);
        assertThat(take(ChainServerHello.class)).isEqualTo(new ChainServerHello(0, 7));
        server.onMessage(1, COORD, new ResyncChainServer(1, 7));
        assertThat(server.synced()).isTrue();
    }

    @Test
    void aCloseRaceResolvesInArrivalOrderWithinTheGracePeriod() {
        startWithGrace(1_000);
        layContendedEpoch();
        // T2 gets here first, but T1 arrived first in the epoch: T2 gives it a grace period.
        server.onMessage(10, COORD, new BackwardPass(T2, add(10), 0, Row.EMPTY, false));
        assertThat(sent).isEmpty();
        assertThat(server.nextWakeupMicros()).isEqualTo(1_010);
        // T1 arrives within it and goes ahead (it overtakes T2, so it asks).
        server.onMessage(500, COORD, new BackwardPass(T1, add(1), 0, Row.EMPTY, false));
        assertThat(take(ResolveRequest.class).txn()).isEqualTo(T1);
        server.onMessage(600, RESOLVER, new ResolveReply(T1, K, List.of()));
        // T2, now overtaking no one, follows without a question.
        assertThat(take(KeyOrderReport.class).order()).containsExactly(T1, T2);
        assertThat(sentOf(ResolveRequest.class)).isEmpty();
    }

    @Test
    void afterTheGracePeriodAFasterTransactionOvertakes() {
        startWithGrace(1_000);
        layContendedEpoch();
        server.onMessage(10, COORD, new BackwardPass(T2, add(10), 0, Row.EMPTY, false));
        assertThat(sent).isEmpty();
        server.onWakeup(1_010);
        assertThat(take(ResolveRequest.class).overtaken()).containsExactly(T1);
    }

    /** Epoch 1: T1 then T2 (arrival order), both read-modify-writing K. */
    private void layContendedEpoch() {
        server.onMessage(2, COORD, new Footprints(1, List.of(
                new Footprint(T1, K, Access.READ_WRITE, true), new Footprint(T2, K, Access.READ_WRITE, true)), null));
        storage.completeAll(3, server);
    }

    private static TxnSpec add(long delta) {
        return new TxnSpec.AdHoc(List.of(new Op.Update(new RowKey(K, ""), new UpdateFn.Add("n", delta))));
    }

    @Test
    void speculatesInArrivalOrderAsksTheResolverWhenOvertakingAndCatchesUpToTheDecidedOrder() {
        storage.data.apply(Version.of(0, 1), List.of(RowWrite.put("", Row.of("n", 100))));
        layContendedEpoch();

        // T2 arrives first and would overtake T1, which has a footprint here: the resolver decides.
        server.onMessage(4, COORD, new BackwardPass(T2, add(10), 0, Row.EMPTY, false));
        ResolveRequest ask = take(ResolveRequest.class);
        assertThat(ask.txn()).isEqualTo(T2);
        assertThat(ask.overtaken()).containsExactly(T1);
        // T1 arrives while T2's question is open and asks too: questions about one key do not block.
        server.onMessage(5, COORD, new BackwardPass(T1, add(1), 0, Row.EMPTY, false));
        ResolveRequest second = take(ResolveRequest.class);
        assertThat(second.txn()).isEqualTo(T1);
        assertThat(second.overtaken()).containsExactly(T2);
        // The resolver answers in order: T2 goes ahead (T2 before T1 is recorded), T1 waits for T2.
        server.onMessage(6, RESOLVER, new ResolveReply(T2, K, List.of()));
        assertThat(sentOf(KeyOrderReport.class)).as("T1 has not precommitted yet").isEmpty();
        server.onMessage(7, RESOLVER, new ResolveReply(T1, K, List.of(T2)));
        KeyOrderReport vote = take(KeyOrderReport.class);
        assertThat(vote.order()).containsExactly(T2, T1);
        assertThat(sentOf(ResolveRequest.class)).as("nothing left to overtake, no third question").isEmpty();

        // The regions decided the other order: T1 at rank 0, T2 at rank 1.
        List<PeerVersion> peers = List.of(new PeerVersion(T1, Version.of(1, 0)), new PeerVersion(T2, Version.of(1, 1)));
        server.onMessage(8, COORD, new CommitPass(T2, Version.of(1, 1), add(10), 0, Row.EMPTY, List.of(), Row.EMPTY, peers));
        assertThat(sentOf(TxnComputed.class)).as("T2 waits for T1, decided before it").isEmpty();
        server.onMessage(9, COORD, new CommitPass(T1, Version.of(1, 0), add(1), 0, Row.EMPTY, List.of(), Row.EMPTY, peers));
        assertThat(take(TxnComputed.class).result().outcome()).isEqualTo(Outcome.COMMITTED);
        FinalizeTxn fin1 = take(FinalizeTxn.class);
        server.onMessage(9, SELF, fin1);
        storage.completeAll(10, server);
        assertThat(take(TxnFinalized.class).txn()).isEqualTo(T1);
        // Now T2 runs on T1's decided write: speculation read 100, the decided input is 101.
        assertThat(take(TxnComputed.class).txn()).isEqualTo(T2);
        server.onMessage(11, SELF, take(FinalizeTxn.class));
        storage.completeAll(12, server);
        assertThat(take(TxnFinalized.class).txn()).isEqualTo(T2);

        assertThat(storage.data.read("", Version.MAX).getLong("n", -1)).isEqualTo(111);
        assertThat(storage.data.read("", Version.of(1, 0)).getLong("n", -1)).isEqualTo(101);
        assertThat(server.stats().validSpeculativeHops()).isEqualTo(0);
        assertThat(server.stats().caughtUpHops()).isEqualTo(2);
    }

    @Test
    void snapshotsStayBelowUnfinishedWritersAndHeldWritesAreInvisibleUntilFinalized() {
        server.onMessage(2, COORD, new Footprints(1, List.of(new Footprint(T1, K, Access.READ_WRITE, false)), null));
        storage.completeAll(3, server);
        server.onMessage(4, COORD, new BackwardPass(T1, add(5), 0, Row.EMPTY, false));
        server.onMessage(5, COORD, new SnapshotRead(1, List.of(new RowKey(K, "")), null));
        SnapshotReply before = take(SnapshotReply.class);
        assertThat(before.version()).isEqualTo(Version.beforeEpoch(1));
        assertThat(before.rows().get(0).row()).isNull();

        server.onMessage(6, COORD, new CommitPass(T1, Version.of(1, 0), add(5), 0, Row.EMPTY, List.of(), Row.EMPTY, List.of()));
        assertThat(server.stats().validSpeculativeHops()).isEqualTo(1);
        server.onMessage(7, COORD, new SnapshotRead(2, List.of(new RowKey(K, "")), null));
        assertThat(take(SnapshotReply.class).version()).as("computed but not finalized").isEqualTo(Version.beforeEpoch(1));

        server.onMessage(8, SELF, take(FinalizeTxn.class));
        server.onMessage(9, COORD, new SnapshotRead(3, List.of(new RowKey(K, "")), null));
        SnapshotReply after = take(SnapshotReply.class);
        assertThat(after.version()).isEqualTo(Version.endOf(1));
        assertThat(after.rows().get(0).row().getLong("n", -1)).isEqualTo(5);
    }

    @Test
    void aPartitionIsReadWholeOnceLoadedAtTheSameStableVersionAsRowsReadByKey() {
        ChainKey other = ChainKey.of("t", "other");
        storage.data.apply(Version.of(0, 1), List.of(RowWrite.put("b", Row.of("n", 2)), RowWrite.put("a", Row.of("n", 1))));
        storage.partitions.put(other, new VersionedPartition(other));
        storage.partitions.get(other).apply(Version.of(0, 1), List.of(RowWrite.put("", Row.of("n", 7))));
        server.onMessage(2, COORD, new Footprints(1, List.of(new Footprint(T1, K, Access.WRITE, false)), null));
        storage.completeAll(3, server);

        // K is loaded (it has a footprint), the other key is not: the read waits for its load.
        server.onMessage(4, COORD, new SnapshotRead(1, List.of(new RowKey(other, ""), new RowKey(K, "a")), null, List.of(K)));
        assertThat(sentOf(SnapshotReply.class)).as("waits for the load of " + other).isEmpty();
        storage.completeAll(5, server);
        SnapshotReply before = take(SnapshotReply.class);
        assertThat(before.version()).as("T1, scheduled in epoch 1, holds K below it").isEqualTo(Version.beforeEpoch(1));
        assertThat(before.rows()).containsExactly(new ReadResult(new RowKey(other, ""), Row.of("n", 7)),
                new ReadResult(new RowKey(K, "a"), Row.of("n", 1)),
                new ReadResult(new RowKey(K, "a"), Row.of("n", 1)), new ReadResult(new RowKey(K, "b"), Row.of("n", 2)));

        // T1 deletes a and writes c; once it is finalized, the partition shows exactly its effect.
        TxnSpec rewrite = new TxnSpec.AdHoc(List.of(new Op.Delete(new RowKey(K, "a")),
                new Op.Write(new RowKey(K, "c"), Row.of("n", 3))));
        server.onMessage(6, COORD, new BackwardPass(T1, rewrite, 0, Row.EMPTY, false));
        server.onMessage(7, COORD, new CommitPass(T1, Version.of(1, 0), rewrite, 0, Row.EMPTY, List.of(), Row.EMPTY, List.of()));
        server.onMessage(8, SELF, take(FinalizeTxn.class));
        server.onMessage(9, COORD, new SnapshotRead(2, List.of(), null, List.of(K)));
        SnapshotReply after = take(SnapshotReply.class);
        assertThat(after.version()).isEqualTo(Version.endOf(1));
        assertThat(after.rows()).extracting(r -> r.key().clustering()).containsExactly("b", "c");

        // Asked at the older snapshot (another server was behind), it still reads the old rows.
        server.onMessage(10, COORD, new SnapshotRead(3, List.of(), Version.beforeEpoch(1), List.of(K)));
        assertThat(take(SnapshotReply.class).rows()).extracting(r -> r.key().clustering()).containsExactly("a", "b");
    }

    @Test
    void aPartitionReadBelowTheCollectedHistoryIsAnsweredTooOldLikeARowRead() {
        storage.data.apply(Version.of(3, 0), List.of(RowWrite.put("a", Row.of("n", 1))));
        storage.data.apply(Version.of(5, 0), List.of(RowWrite.put("a", Row.of("n", 2))));
        storage.data.collectGarbage(Version.of(5, 0));

        server.onMessage(2, COORD, new SnapshotRead(1, List.of(), Version.of(4, 0), List.of(K)));
        storage.completeAll(3, server);
        SnapshotReply partition = take(SnapshotReply.class);
        server.onMessage(4, COORD, new SnapshotRead(2, List.of(new RowKey(K, "a")), Version.of(4, 0)));
        SnapshotReply row = take(SnapshotReply.class);
        server.onMessage(5, COORD, new SnapshotRead(3, List.of(), Version.of(5, 0), List.of(K)));

        assertThat(partition.version()).as("too old: the coordinator retries with a newer snapshot").isNull();
        assertThat(partition.rows()).isEmpty();
        assertThat(row.version()).isNull();
        assertThat(take(SnapshotReply.class).rows()).containsExactly(new ReadResult(new RowKey(K, "a"), Row.of("n", 2)));
    }

    @Test
    void aCommitThatFindsNoComputedHoldIsNotAcknowledged() {
        server.onMessage(2, COORD, new Footprints(1, List.of(new Footprint(T1, K, Access.READ_WRITE, false)), null));
        storage.completeAll(3, server);
        // As after a restart: the finalize arrives but this server never computed the hop.
        server.onMessage(4, SELF, new FinalizeTxn(T1, Version.of(1, 0), true));
        storage.completeAll(5, server);
        assertThat(sentOf(TxnFinalized.class)).isEmpty();
        assertThat(storage.data.latest()).isEqualTo(Version.ZERO);
    }

    @Test
    void aLaterVersionReachesStorageOnlyAfterAnEarlierOneThatFailedIsRetried() {
        TxnId first = new TxnId(1, REGION, 0);
        TxnId second = new TxnId(2, REGION, 0);
        TxnSpec writeA = new TxnSpec.AdHoc(List.of(new Op.Write(new RowKey(K, "a"), Row.of("n", 1))));
        TxnSpec writeB = new TxnSpec.AdHoc(List.of(new Op.Write(new RowKey(K, "b"), Row.of("n", 2))));
        server.onMessage(2, COORD, new Footprints(1, List.of(new Footprint(first, K, Access.WRITE, false)), null));
        server.onMessage(2, COORD, new Footprints(2, List.of(new Footprint(second, K, Access.WRITE, false)), null));
        storage.completeAll(3, server);
        server.onMessage(4, COORD, new BackwardPass(first, writeA, 0, Row.EMPTY, false));
        server.onMessage(4, COORD, new BackwardPass(second, writeB, 0, Row.EMPTY, false));
        server.onMessage(5, COORD, new CommitPass(first, Version.of(1, 0), writeA, 0, Row.EMPTY, List.of(), Row.EMPTY,
                List.of()));
        storage.port.failingApplies = 1;
        server.onMessage(6, SELF, take(FinalizeTxn.class));
        storage.completeAll(7, server);
        assertThat(storage.data.latest()).as("the first apply failed").isEqualTo(Version.ZERO);

        // The second writer is finalized before the first's apply is retried: its apply waits.
        server.onMessage(8, COORD, new CommitPass(second, Version.of(2, 0), writeB, 0, Row.EMPTY, List.of(), Row.EMPTY,
                List.of()));
        server.onMessage(9, SELF, take(FinalizeTxn.class));
        storage.completeAll(10, server);
        assertThat(storage.data.latest()).as("nothing overtakes the failed apply").isEqualTo(Version.ZERO);

        long retryAt = server.nextWakeupMicros();
        assertThat(retryAt).as("the failed apply is retried after a backoff").isLessThan(100_000);
        server.onWakeup(retryAt);
        storage.completeAll(retryAt, server);
        assertThat(storage.data.latest()).isEqualTo(Version.of(2, 0));
        assertThat(storage.data.read("a", Version.MAX)).as("the first writer's row").isEqualTo(Row.of("n", 1));
        assertThat(storage.data.read("b", Version.MAX)).isEqualTo(Row.of("n", 2));
        assertThat(sentOf(TxnFinalized.class)).extracting(TxnFinalized::txn).containsExactly(first, second);
    }

    private <M extends Message> M take(Class<M> type) {
        for (int i = 0; i < sent.size(); i++) {
            if (type.isInstance(sent.get(i)[1])) {
                return type.cast(sent.remove(i)[1]);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " among " + sent.stream().map(o -> o[1]).toList());
    }

    private <M extends Message> List<M> sentOf(Class<M> type) {
        List<M> out = new ArrayList<>();
        for (Object[] o : sent) {
            if (type.isInstance(o[1])) {
                out.add(type.cast(o[1]));
            }
        }
        return out;
    }

    /** Partitions in memory ({@code data} is K's); completions wait until the test runs them, like a real host. */
    private static final class FakeStorage {
        final ArrayDeque<Runnable> due = new ArrayDeque<>();
        long now;
        final PartitionsInMemory port = new PartitionsInMemory(due::add, () -> now);
        final VersionedPartition data = new VersionedPartition(K);
        final Map<ChainKey, VersionedPartition> partitions = port.partitions;

        FakeStorage() {
            partitions.put(K, data);
        }

        void completeAll(long at, ChainServer server) {
            now = at;
            while (!due.isEmpty()) {
                due.poll().run();
            }
        }
    }
}
