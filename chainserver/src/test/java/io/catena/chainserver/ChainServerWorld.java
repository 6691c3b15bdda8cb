package io.catena.chainserver;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.PeerVersion;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResolveRequest;
import io.catena.catenae.message.ResyncChainServer;
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
import io.catena.core.txn.Hop;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * One chain server in a world the test controls, for randomized model tests: a random workload of
 * counter transactions over a few keys and epochs, every message and storage completion in flight
 * delivered in an order drawn from one seeded {@link Random}, a model resolver (the dependency
 * repository of §VI-C in a dozen lines), and the serial model the outcomes are held against.
 */
final class ChainServerWorld {

    static final RegionId REGION = RegionId.of(0);
    static final NodeId COORD = NodeId.coordinator(REGION);
    static final NodeId RESOLVER = NodeId.resolver(REGION);
    static final NodeId SELF = NodeId.chainServer(REGION, 0);
    private static final long INCARNATION = 1;

    /** One transaction of the workload: per key it visits, in order, whether it adds (else only reads). */
    record Txn(TxnId id, List<ChainKey> keys, List<Long> deltas, TxnSpec spec, List<Hop> hops) {
        boolean writes(ChainKey key) {
            return deltas.get(keys.indexOf(key)) != 0;
        }

        boolean conflictsWith(Txn other, ChainKey key) {
            return keys.contains(key) && other.keys.contains(key) && (writes(key) || other.writes(key));
        }
    }

    final long seed;
    final Random random;
    final List<ChainKey> keys = new ArrayList<>();
    /** The workload by epoch, each epoch's transactions in the order their footprints are laid. */
    final Map<Long, List<Txn>> epochs = new LinkedHashMap<>();
    final Map<TxnId, Txn> txns = new LinkedHashMap<>();
    final ChainServer server;
    final List<Message> toCoordinator = new ArrayList<>();
    /** The resolver's recorded orders: successors of each transaction. */
    private final Map<TxnId, Set<TxnId>> before = new HashMap<>();
    private final List<Runnable> inFlight = new ArrayList<>();
    private long now = 10;
    /** Every storage completion is one more thing in flight. */
    private final PartitionsInMemory storage = new PartitionsInMemory(inFlight::add, () -> now);

    ChainServerWorld(long seed) {
        this.seed = seed;
        this.random = new Random(seed);
        generate();
        ClusterConfig config = ClusterConfig.builder().chainServersPerRegion(1).build();
        server = new ChainServer(config, REGION, 0, INCARNATION, ProcedureRegistry.empty(),
                new NodePorts(this::route, storage, WorkMeter.NONE));
        server.onWakeup(0);
        server.onMessage(1, COORD, new ResyncChainServer(1, INCARNATION));
    }

    private void generate() {
        int keyCount = 1 + random.nextInt(3);
        for (int k = 0; k < keyCount; k++) {
            ChainKey key = ChainKey.of("t", "k" + k);
            keys.add(key);
            VersionedPartition p = new VersionedPartition(key);
            p.apply(Version.of(0, 1), List.of(RowWrite.put("", Row.of("n", 100L * (k + 1)))));
            storage.partitions.put(key, p);
        }
        TxnPlanner planner = new TxnPlanner(ProcedureRegistry.empty());
        int epochCount = 1 + random.nextInt(3);
        for (long e = 1; e <= epochCount; e++) {
            List<Txn> members = new ArrayList<>();
            int size = 1 + random.nextInt(4);
            for (int i = 0; i < size; i++) {
                List<ChainKey> visits = new ArrayList<>(keys);
                java.util.Collections.shuffle(visits, random);
                visits = visits.subList(0, 1 + random.nextInt(Math.min(2, visits.size())));
                List<Long> deltas = new ArrayList<>();
                List<Op> ops = new ArrayList<>();
                for (ChainKey key : visits) {
                    long delta = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(9);
                    deltas.add(delta);
                    ops.add(new Op.Read(new RowKey(key, "")));
                    if (delta != 0) {
                        ops.add(new Op.Update(new RowKey(key, ""), new UpdateFn.Add("n", delta)));
                    }
                }
                TxnSpec spec = new TxnSpec.AdHoc(ops);
                Txn t = new Txn(new TxnId(e, REGION, i), List.copyOf(visits), deltas, spec,
                        planner.plan(spec).plan().hops());
                members.add(t);
                txns.put(t.id(), t);
            }
            epochs.put(e, members);
        }
    }

    /** Whether the footprints of {@code epoch} on {@code key} are contended: two of its transactions conflict there. */
    boolean contended(long epoch, ChainKey key) {
        List<Txn> members = epochs.get(epoch);
        for (int i = 0; i < members.size(); i++) {
            for (int j = i + 1; j < members.size(); j++) {
                if (members.get(i).conflictsWith(members.get(j), key)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The coordinator lays every epoch's footprints (the forward pass). */
    void layFootprints() {
        for (Map.Entry<Long, List<Txn>> e : epochs.entrySet()) {
            List<Footprint> fps = new ArrayList<>();
            for (Txn t : e.getValue()) {
                for (Hop h : t.hops()) {
                    fps.add(new Footprint(t.id(), h.key(), h.access(), contended(e.getKey(), h.key())));
                }
            }
            fromCoordinator(new Footprints(e.getKey(), fps, null));
        }
    }

    /** The coordinator starts every transaction's backward pass. */
    void startBackwardPasses() {
        txns.values().forEach(t -> fromCoordinator(new BackwardPass(t.id(), t.spec(), 0, Row.EMPTY, false)));
    }

    /** The coordinator drives every transaction's commit pass at its decided version. */
    void startCommitPasses(Map<TxnId, Version> decided) {
        for (Txn t : txns.values()) {
            List<PeerVersion> peers = new ArrayList<>();
            for (Txn p : epochs.get(t.id().epoch())) {
                if (!p.equals(t)) {
                    peers.add(new PeerVersion(p.id(), decided.get(p.id())));
                }
            }
            fromCoordinator(new CommitPass(t.id(), decided.get(t.id()), t.spec(), 0, Row.EMPTY, List.of(),
                    Row.EMPTY, peers));
        }
    }

    void fromCoordinator(Message m) {
        inFlight.add(() -> server.onMessage(now, COORD, m));
    }

    /**
     * Delivers what is in flight, one random item at a time, and the server's wakeups when they
     * fall due, until nothing is in flight and no wakeup is pending (a vote may wait for its grace
     * time after the last message arrived).
     */
    void runUntilQuiet() {
        int steps = 0;
        while (!inFlight.isEmpty() || server.nextWakeupMicros() != Long.MAX_VALUE) {
            if (++steps > 100_000) {
                throw new AssertionError("seed " + seed + ": the world never settles");
            }
            if (inFlight.isEmpty()) {
                now = Math.max(now, server.nextWakeupMicros());
            } else {
                now += 1 + random.nextInt(20);
                inFlight.remove(random.nextInt(inFlight.size())).run();
            }
            if (server.nextWakeupMicros() <= now) {
                server.onWakeup(now);
            }
        }
    }

    private void route(NodeId to, Message m) {
        if (to.equals(SELF)) {
            inFlight.add(() -> server.onMessage(now, SELF, m));
        } else if (to.equals(RESOLVER)) {
            inFlight.add(() -> resolve((ResolveRequest) m));
        } else if (to.equals(COORD)) {
            toCoordinator.add(m);
        } else {
            throw new AssertionError("seed " + seed + ": sent to " + to + ": " + m);
        }
    }

    /** The model resolver: records the asker before every overtaken transaction that does not already precede it. */
    private void resolve(ResolveRequest r) {
        List<TxnId> waitFor = new ArrayList<>();
        for (TxnId o : r.overtaken()) {
            if (precedes(o, r.txn())) {
                waitFor.add(o);
            } else {
                before.computeIfAbsent(r.txn(), x -> new LinkedHashSet<>()).add(o);
            }
        }
        ResolveReply reply = new ResolveReply(r.txn(), r.key(), waitFor);
        inFlight.add(() -> server.onMessage(now, RESOLVER, reply));
    }

    /** Whether the resolver has ordered {@code a} before {@code b}, directly or transitively. */
    boolean precedes(TxnId a, TxnId b) {
        Set<TxnId> seen = new HashSet<>();
        Deque<TxnId> todo = new ArrayDeque<>(List.of(a));
        while (!todo.isEmpty()) {
            for (TxnId s : before.getOrDefault(todo.poll(), Set.of())) {
                if (s.equals(b)) {
                    return true;
                }
                if (seen.add(s)) {
                    todo.add(s);
                }
            }
        }
        return false;
    }

    <M extends Message> List<M> received(Class<M> type) {
        return toCoordinator.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The committed value of a key's counter in storage. */
    long storedValue(ChainKey key) {
        return storage.partitions.get(key).read("", Version.MAX).getLong("n", -1);
    }

    /**
     * The serial model: the transactions run one at a time in {@code order} on plain counters.
     * Returns what each read, and leaves the final counters in {@code finalValues}.
     */
    Map<TxnId, List<ReadResult>> runSerially(List<TxnId> order, Map<ChainKey, Long> finalValues) {
        for (int k = 0; k < keys.size(); k++) {
            finalValues.put(keys.get(k), 100L * (k + 1));
        }
        Map<TxnId, List<ReadResult>> reads = new LinkedHashMap<>();
        for (TxnId id : order) {
            Txn t = txns.get(id);
            List<ReadResult> out = new ArrayList<>();
            for (int i = 0; i < t.keys().size(); i++) {
                ChainKey key = t.keys().get(i);
                out.add(new ReadResult(new RowKey(key, ""), Row.of("n", finalValues.get(key))));
                finalValues.merge(key, t.deltas().get(i), Long::sum);
            }
            reads.put(id, out);
        }
        return reads;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("seed " + seed + ":");
        epochs.forEach((e, ts) -> ts.forEach(t -> sb.append(' ').append(t.id()).append(t.keys()).append(t.deltas())));
        return sb.toString();
    }
}
