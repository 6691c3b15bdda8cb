package io.catena.chainserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.message.Message;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.RegionSetup;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnPlanner;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which keys {@link ChainKeys} evicts to keep within its budget, and in which order. */
class ChainKeysBudgetTest {

    private static final ChainKey A = ChainKey.of("t", "a");
    private static final ChainKey B = ChainKey.of("t", "b");
    private static final ChainKey C = ChainKey.of("t", "c");
    private static final ChainKey D = ChainKey.of("t", "d");
    private static final ChainKey E = ChainKey.of("t", "e");
    private static final NodeId COORDINATOR = NodeId.coordinator(RegionId.of(0));

    private final ArrayDeque<Runnable> due = new ArrayDeque<>();
    private final PartitionsInMemory storage = new PartitionsInMemory(due::add, () -> 0);
    private final ChainServerContext ctx = new ChainServerContext(MembershipHistory.hashed(1), RegionId.of(0), 0, 0,
            new TxnPlanner(ProcedureRegistry.empty()), new NodePorts((to, m) -> { }, storage, WorkMeter.NONE));

    private ChainKeys keysWithBudget(long bytes) {
        return new ChainKeys(ctx, (now, ks) -> { }, bytes);
    }

    /** Loads the key and lets its load complete. */
    private KeyState loaded(ChainKeys keys, ChainKey key) {
        KeyState ks = keys.getOrAdd(key);
        keys.ensureLoaded(ks);
        while (!due.isEmpty()) {
            due.poll().run();
        }
        return ks;
    }

    private void storeRow(ChainKey key, Version version, long n) {
        storage.partitions.computeIfAbsent(key, VersionedPartition::new)
                .apply(version, List.of(RowWrite.put("", Row.of("n", n))));
    }

    @Test
    void evictsIdleKeysLeastRecentlyUsedFirstUntilTheEstimateFitsTheBudget() {
        List.of(A, B, C).forEach(k -> storeRow(k, Version.of(0, 1), 1));
        ChainKeys unlimited = keysWithBudget(Long.MAX_VALUE);
        long perKey = loaded(unlimited, A).cachedBytes;
        assertThat(perKey).as("a key with one small row").isBetween(300L, 600L);

        ChainKeys keys = keysWithBudget(2 * perKey);
        loaded(keys, A);
        loaded(keys, B);
        keys.get(A);
        loaded(keys, C);
        keys.evictOverBudget();

        assertThat(keys.get(B)).as("least recently used").isNull();
        assertThat(keys.get(A)).isNotNull();
        assertThat(keys.get(C)).isNotNull();
        assertThat(keys.bytesCached()).isEqualTo(2 * perKey);
        assertThat(ctx.stats.keysEvicted()).isEqualTo(1);
        assertThat(ctx.stats.bytesCached()).isEqualTo(2 * perKey);
        assertThat(ctx.stats.peakBytesCached()).as("measured once the step's evictions are done").isEqualTo(2 * perKey);
    }

    @Test
    void keepsEveryKeyWithPendingWorkALoadInFlightOrWritesStorageHasNotAcknowledged() {
        ChainKeys keys = keysWithBudget(0);
        KeyState footprinted = loaded(keys, A);
        footprinted.addFootprint(new FootprintEntry(new ChainTxn(new TxnId(1, RegionId.of(0), 0)), Access.WRITE, false));
        loaded(keys, B).appliesInFlight = 1;
        loaded(keys, C).readsWaiting = 1;
        loaded(keys, E);
        KeyState loadingD = keys.getOrAdd(D);
        keys.ensureLoaded(loadingD);

        keys.evictOverBudget();

        assertThat(keys.get(E)).as("idle, loaded, all acknowledged").isNull();
        assertThat(List.of(A, B, C, D)).allSatisfy(k -> assertThat(keys.get(k)).as(k.toString()).isNotNull());
        assertThat(loadingD.loading).isTrue();
        assertThat(ctx.stats.keysEvicted()).isEqualTo(1);
    }

    @Test
    void anEvictedKeyIsLoadedAgainWithTheStoresHistory() {
        storeRow(A, Version.of(0, 1), 1);
        storeRow(A, Version.of(3, 0), 2);
        ChainKeys keys = keysWithBudget(0);
        loaded(keys, A);
        keys.evictOverBudget();
        assertThat(keys.get(A)).isNull();
        assertThat(keys.bytesCached()).isZero();

        KeyState again = loaded(keys, A);
        assertThat(again.committed.read("", Version.of(2, 0)).getLong("n", -1)).as("history below the latest")
                .isEqualTo(1);
        assertThat(again.committed.read("", Version.MAX).getLong("n", -1)).isEqualTo(2);
        assertThat(ctx.stats.partitionLoads()).isEqualTo(2);
    }

    @Test
    void aReadOfTwoKeysKeepsTheFirstLoadedInMemoryWhileTheOtherLoads() {
        storeRow(A, Version.of(0, 1), 1);
        storeRow(B, Version.of(0, 1), 2);
        List<Message> sent = new ArrayList<>();
        ClusterConfig config = ClusterConfig.builder().chainServersPerRegion(1).build();
        RegionSetup setup = RegionSetup.hashed(config, RegionId.of(0), ProcedureRegistry.empty()).withChainServerMemory(0);
        ChainServer server = new ChainServer(setup, 0, 1, new NodePorts((to, m) -> sent.add(m), storage, WorkMeter.NONE));
        server.onMessage(0, COORDINATOR, new ResyncChainServer(1, 1));

        server.onMessage(1, COORDINATOR, new SnapshotRead(1, List.of(new RowKey(A, ""), new RowKey(B, "")), null));
        due.poll().run();
        // Between messages the server evicts what it may: A, loaded, must stay for the read.
        server.onWakeup(2);
        due.poll().run();
        server.onWakeup(3);

        assertThat(sent).singleElement().isInstanceOfSatisfying(SnapshotReply.class, reply ->
                assertThat(reply.rows()).extracting(r -> r.row().getLong("n", -1)).containsExactly(1L, 2L));
        assertThat(server.keysInMemory()).as("both evicted once answered").isZero();
        assertThat(server.stats().partitionLoads()).isEqualTo(2);
    }

    @Test
    void anIdleKeyHoldsNoWorkCollectionsOnceItsWorkIsDone() {
        KeyState ks = keysWithBudget(Long.MAX_VALUE).getOrAdd(A);
        assertThat(ks.pending()).isNull();
        ks.work().snapshotWaiting.add(1L);
        ks.releaseIdleWork();
        assertThat(ks.pending()).as("a read still waits").isNotNull();
        ks.pending().snapshotWaiting.clear();
        ks.releaseIdleWork();
        assertThat(ks.pending()).isNull();
        assertThat(ks.idle()).isTrue();
    }
}
