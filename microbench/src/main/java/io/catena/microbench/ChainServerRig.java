package io.catena.microbench;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.ChainServerHello;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.TxnFinalized;
import io.catena.chainserver.ChainServer;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Pending;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A chain server driven by hand, the only one of its region, so every hop of every transaction
 * lands on it: the benchmark plays its coordinator (footprints, backward passes, commit passes),
 * delivers the messages it sends itself, and runs its storage completions. Each epoch goes
 * through the whole life of its transactions, so the server's state stays what it is in a
 * steady run: every key loaded with a committed history (collected every 100 epochs), nothing
 * left over from earlier epochs.
 *
 * <p>Not thread-safe; one benchmark thread owns it.
 */
public final class ChainServerRig {

    private static final RegionId REGION = RegionId.of(0);
    private static final NodeId SELF = NodeId.chainServer(REGION, 0);
    private static final NodeId COORDINATOR = NodeId.coordinator(REGION);
    private static final long INCARNATION = 1;

    private final ChainServer server;
    private final Row initialRow;
    /** Messages the server sent itself (later hops, finalizations), in order. */
    private final ArrayDeque<Message> toSelf = new ArrayDeque<>();
    /** Messages to the coordinator and the resolver. */
    private final List<Message> toOthers = new ArrayList<>();
    private final ArrayDeque<Runnable> completions = new ArrayDeque<>();
    private long nowMicros;
    private long epoch;
    private List<TxnId> epochTxns = List.of();
    private List<TxnSpec.AdHoc> epochSpecs = List.of();
    private long finalized;

    /** A synced chain server whose keys start as one row holding {@code initialRow}. */
    public ChainServerRig(Row initialRow) {
        this.initialRow = initialRow;
        ClusterConfig config = ClusterConfig.builder().chainServersPerRegion(1).build();
        server = new ChainServer(config, REGION, 0, INCARNATION, ProcedureRegistry.empty(),
                new NodePorts(this::send, new ImmediateStorage(), WorkMeter.NONE));
        server.onWakeup(nowMicros);
        server.onMessage(++nowMicros, COORDINATOR, new ResyncChainServer(1, INCARNATION));
        if (!server.synced() || toOthers.stream().noneMatch(ChainServerHello.class::isInstance)) {
            throw new IllegalStateException("the chain server did not sync: " + toOthers);
        }
        toOthers.clear();
    }

    public ChainServer server() {
        return server;
    }

    /** Transactions finalized so far (acknowledged to the coordinator). */
    public long finalizedTxns() {
        return finalized;
    }

    /**
     * The forward pass of the next epoch: lays the footprints of {@code txns} (on pairwise
     * distinct keys, so uncontended) and loads the keys not in memory yet.
     */
    public void layEpoch(List<TxnSpec.AdHoc> txns) {
        epoch++;
        nowMicros = epoch * HotPathFrames.EPOCH_LENGTH_MICROS;
        List<TxnId> ids = new ArrayList<>(txns.size());
        List<Footprint> footprints = new ArrayList<>();
        for (int i = 0; i < txns.size(); i++) {
            TxnId id = new TxnId(epoch, RegionId.of(i % 3), i / 3);
            ids.add(id);
            for (ChainKey key : KvTraffic.keysOf(txns.get(i))) {
                footprints.add(new Footprint(id, key, Access.READ_WRITE, false));
            }
        }
        epochTxns = ids;
        epochSpecs = txns;
        // Every earlier epoch is applied: history older than the previous one may go.
        Version collectBelow = epoch > 2 ? Version.beforeEpoch(epoch - 1) : null;
        server.onMessage(++nowMicros, COORDINATOR, new Footprints(epoch, footprints, collectBelow));
        runCompletions();
    }

    /**
     * The backward passes of the laid epoch: hop 0 of every transaction from the coordinator, then
     * each later hop as the server forwards it. Returns the number of hops that precommitted.
     */
    public int runBackwardPasses() {
        long before = server.stats().speculativeHops();
        for (int i = 0; i < epochTxns.size(); i++) {
            server.onMessage(++nowMicros, COORDINATOR, new BackwardPass(epochTxns.get(i), epochSpecs.get(i), 0,
                    Row.EMPTY, false));
        }
        Message next;
        while ((next = toSelf.poll()) != null) {
            server.onMessage(++nowMicros, SELF, next);
        }
        return (int) (server.stats().speculativeHops() - before);
    }

    /**
     * Commits the laid epoch as decided: a commit pass for every transaction (all at one version,
     * as the epoch shares no key), the finalizations it triggers, and the storage applies.
     */
    public void commitEpoch() {
        Version version = Version.of(epoch, 0);
        for (int i = 0; i < epochTxns.size(); i++) {
            server.onMessage(++nowMicros, COORDINATOR, new CommitPass(epochTxns.get(i), version, epochSpecs.get(i), 0,
                    Row.EMPTY, List.of(), Row.EMPTY, List.of()));
            deliverToSelf();
        }
        deliverToSelf();
        for (Message m : toOthers) {
            if (m instanceof TxnFinalized) {
                finalized++;
            }
        }
        toOthers.clear();
    }

    private void deliverToSelf() {
        Message next;
        while ((next = toSelf.poll()) != null || !completions.isEmpty()) {
            if (next != null) {
                server.onMessage(++nowMicros, SELF, next);
            }
            runCompletions();
        }
    }

    private void runCompletions() {
        Runnable due;
        while ((due = completions.poll()) != null) {
            due.run();
        }
    }

    private void send(NodeId to, Message message) {
        if (to.equals(SELF)) {
            toSelf.add(message);
        } else if (message instanceof FinalizeTxn) {
            throw new IllegalStateException("a finalization for another chain server: " + to);
        } else {
            toOthers.add(message);
        }
    }

    /**
     * Storage that keeps nothing: a key loads as {@link #initialRow} at version zero, and applies
     * and collections succeed. Completions run after the step that asked, as a host runs them.
     */
    private final class ImmediateStorage implements StoragePort {

        private <T> Pending<T> done(T value) {
            return completion -> completions.add(() -> completion.complete(nowMicros, value, null));
        }

        @Override
        public Pending<PartitionImage> loadPartition(ChainKey key) {
            TreeMap<String, Row> rows = new TreeMap<>(Map.of("", initialRow));
            return done(new PartitionImage(key, Version.ZERO, rows, List.of()));
        }

        @Override
        public Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
            return done(null);
        }

        @Override
        public Pending<Void> appendLog(RLogRecord record) {
            return done(null);
        }

        @Override
        public Pending<List<RLogRecord>> readLog() {
            return done(List.of());
        }

        @Override
        public Pending<Void> truncateLog(RegionId origin, long throughEpoch) {
            return done(null);
        }

        @Override
        public Pending<Void> collectGarbage(ChainKey key, Version horizon) {
            return done(null);
        }

        @Override
        public Pending<Void> dropPartition(ChainKey key) {
            return done(null);
        }
    }
}
