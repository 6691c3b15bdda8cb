package io.catena.coordinator;

import io.catena.catenae.message.EpochMessage;
import io.catena.chainserver.ChainServer;
import io.catena.coordinator.resolver.Resolver;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.Completion;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.Pending;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.storage.memory.MemoryStorageEngine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;

/**
 * Whole regions for coordinator tests — each a coordinator, a resolver and chain servers over an
 * embedded store — stepped on one thread in (time, sequence) order, so every run is the same.
 * Messages inside a region take {@value #LOCAL_DELAY_MICROS} µs, between regions
 * {@value #WAN_DELAY_MICROS} µs, unless the link between two regions is cut (then they are
 * lost); storage completes {@value #STORAGE_DELAY_MICROS} µs after a call, in call order. Steps
 * take no time. Clients are addresses that collect their replies. A coordinator may crash and
 * restart on a clock behind the run's ({@link #restartCoordinator}); every other node reads the
 * run's.
 */
final class SteppedRegions {

    static final long LOCAL_DELAY_MICROS = 100;
    static final long WAN_DELAY_MICROS = 20_000;
    static final long STORAGE_DELAY_MICROS = 100;

    /** An epoch message as it left its region. */
    record Shipped(long atMicros, RegionId from, RegionId to, EpochMessage message) {
    }

    private record Event(long atMicros, long seq, Runnable action) {
    }

    private final ClusterConfig config;
    private final ProcedureRegistry procedures = ProcedureRegistry.empty();
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.atMicros != b.atMicros
            ? Long.compare(a.atMicros, b.atMicros) : Long.compare(a.seq, b.seq));
    private final Map<NodeId, Host> hosts = new HashMap<>();
    private final List<MemoryStorageEngine> stores = new ArrayList<>();
    private final Map<RequestId, TxnReply> replies = new LinkedHashMap<>();
    private final List<Shipped> shipped = new ArrayList<>();
    private final List<RLogRecord> ownRecords = new ArrayList<>();
    private final Set<Set<RegionId>> cut = new HashSet<>();
    /** Nodes that take no messages for now, with what arrived for them meanwhile, in arrival order. */
    private final Map<NodeId, List<Runnable>> paused = new HashMap<>();
    /** By node: a kind of message of which the next one to it is lost. */
    private final Map<NodeId, Class<? extends Message>> loseNext = new HashMap<>();
    private long seq;
    private long now;

    SteppedRegions(ClusterConfig config) {
        this.config = config;
        for (RegionId region : config.regionIds()) {
            MemoryStorageEngine store = new MemoryStorageEngine();
            stores.add(store);
            Host coordinator = host(NodeId.coordinator(region), store);
            coordinator.node = new Coordinator(config, region, procedures, coordinator.ports(), false);
            Host resolver = host(NodeId.resolver(region), store);
            resolver.node = new Resolver(region, resolver.ports());
            for (int i = 0; i < config.chainServersPerRegion(); i++) {
                Host cs = host(NodeId.chainServer(region, i), store);
                cs.node = new ChainServer(config, region, i, 1, procedures, cs.ports());
            }
        }
        hosts.values().forEach(h -> h.step(() -> { }));
    }

    long now() {
        return now;
    }

    Coordinator coordinator(RegionId region) {
        return (Coordinator) hosts.get(NodeId.coordinator(region)).node;
    }

    /**
     * The coordinator of {@code region} crashes and starts again at once, recovering from its
     * store, on a clock {@code behindMicros} behind the one it ran on (as after its region's
     * epoch offset was lowered by that much): what it had in flight is lost, what it stored stays.
     */
    void restartCoordinator(RegionId region, long behindMicros) {
        NodeId id = NodeId.coordinator(region);
        Host crashed = hosts.get(id);
        crashed.down = true;
        Host h = host(id, crashed.store);
        h.behindMicros = behindMicros;
        h.node = new Coordinator(config, region, procedures, h.ports(), true);
        h.step(() -> { });
    }

    /** What the coordinator of {@code region} reads as the time now. */
    long clockOf(RegionId region) {
        return hosts.get(NodeId.coordinator(region)).clock();
    }

    /** A client of {@code region} submits a transaction now. */
    void submit(RegionId region, RequestId request, TxnSpec spec) {
        submit(region, request, spec, now);
    }

    /** A client of {@code region} sends a copy, now, of a request it issued at {@code issuedMicros}. */
    void submit(RegionId region, RequestId request, TxnSpec spec, long issuedMicros) {
        deliver(NodeId.client(region, 0), NodeId.coordinator(region), new SubmitTxn(request, spec, issuedMicros),
                LOCAL_DELAY_MICROS);
    }

    /** A client of {@code region} asks now what became of {@code target}, under the query's own id. */
    void query(RegionId region, RequestId query, RequestId target) {
        deliver(NodeId.client(region, 0), NodeId.coordinator(region), new QueryOutcome(query, target),
                LOCAL_DELAY_MICROS);
    }

    /** A transaction that writes {@code value} to the row {@code key} of table kv. */
    static TxnSpec put(String key, long value) {
        return new TxnSpec.AdHoc(List.of(new Op.Write(RowKey.of("kv", key), Row.of(Map.of("v", Datum.of(value))))));
    }

    Map<RequestId, TxnReply> replies() {
        return replies;
    }

    /** Every epoch message sent so far, in order. */
    List<Shipped> shipped() {
        return shipped;
    }

    /** Every record a region appended of its own log, in order. */
    List<RLogRecord> ownRecords(RegionId region) {
        return ownRecords.stream().filter(r -> r.origin().equals(region)).toList();
    }

    /** The committed rows of a partition in {@code region}. */
    SortedMap<String, Row> read(RegionId region, ChainKey key) {
        return stores.get(region.index()).readPartition(key, new Version(Long.MAX_VALUE, Integer.MAX_VALUE))
                .toCompletableFuture().join();
    }

    /** The version of the last commit applied to {@code key} in {@code region}'s store, ZERO if none. */
    Version latestVersion(RegionId region, ChainKey key) {
        return stores.get(region.index()).latestVersion(key);
    }

    /** Messages between the coordinators of {@code a} and {@code b} are lost until {@link #heal}. */
    void cut(RegionId a, RegionId b) {
        cut.add(Set.of(a, b));
    }

    void heal(RegionId a, RegionId b) {
        cut.remove(Set.of(a, b));
    }

    /**
     * {@code node} takes no message until {@link #resume}: what arrives for it waits, in order, as
     * behind a long backlog on a busy node. Its wakeups still run.
     */
    void pause(NodeId node) {
        paused.putIfAbsent(node, new ArrayList<>());
    }

    /** {@code node} takes what waited for it, in arrival order, and from now on takes messages at once. */
    void resume(NodeId node) {
        List<Runnable> waiting = paused.remove(node);
        if (waiting != null) {
            waiting.forEach(Runnable::run);
        }
    }

    /** The next message of {@code kind} to {@code node} is lost, as to a crash. */
    void loseNext(NodeId node, Class<? extends Message> kind) {
        loseNext.put(node, kind);
    }

    /**
     * {@code node} takes {@code micros} over each message, one at a time: messages queue behind the
     * ones before, as on a busy node (steps otherwise take no time).
     */
    void slow(NodeId node, long micros) {
        hosts.get(node).serviceMicros = micros;
    }

    void runFor(long micros) {
        long until = now + micros;
        while (!events.isEmpty() && events.peek().atMicros <= until) {
            Event e = events.poll();
            now = e.atMicros;
            e.action.run();
        }
        now = until;
    }

    private Host host(NodeId id, MemoryStorageEngine store) {
        Host h = new Host(id, store);
        hosts.put(id, h);
        return h;
    }

    private void at(long micros, Runnable action) {
        events.add(new Event(micros, seq++, action));
    }

    private void deliver(NodeId from, NodeId to, Message message, long delayMicros) {
        at(now + delayMicros, () -> {
            if (to.role() == NodeId.Role.CLIENT) {
                if (message instanceof TxnReply r) {
                    replies.putIfAbsent(r.request(), r);
                }
                return;
            }
            Host h = hosts.get(to);
            if (loseNext.containsKey(to) && loseNext.get(to).isInstance(message)) {
                loseNext.remove(to);
                return;
            }
            Runnable take = () -> h.step(() -> h.node.onMessage(h.clock(), from, message));
            List<Runnable> waiting = paused.get(to);
            if (waiting != null) {
                waiting.add(take);
            } else if (h.serviceMicros > 0) {
                h.busyUntil = Math.max(now, h.busyUntil) + h.serviceMicros;
                at(h.busyUntil, take);
            } else {
                take.run();
            }
        });
    }

    /** One node with its outbox, storage port and wakeups. */
    private final class Host implements Outbox, WorkMeter, StoragePort {
        final NodeId id;
        final MemoryStorageEngine store;
        ProtocolNode node;
        long wakeupAt = Long.MAX_VALUE;
        long lastCompletion;
        /** How far this node's clock is behind the run's. */
        long behindMicros;
        /** How long the node takes over each message ({@link #slow}), and until when it is busy. */
        long serviceMicros;
        long busyUntil;
        /** A crashed node: it takes no more steps and sends nothing. */
        boolean down;

        Host(NodeId id, MemoryStorageEngine store) {
            this.id = id;
            this.store = store;
        }

        NodePorts ports() {
            return new NodePorts(this, this, this);
        }

        long clock() {
            return now - behindMicros;
        }

        void step(Runnable action) {
            if (down) {
                return;
            }
            action.run();
            long next = node.nextWakeupMicros();
            long nextOnRunClock = next >= Long.MAX_VALUE - behindMicros ? Long.MAX_VALUE : next + behindMicros;
            if (nextOnRunClock < wakeupAt) {
                long when = Math.max(nextOnRunClock, now);
                wakeupAt = when;
                at(when, () -> {
                    if (wakeupAt == when) {
                        wakeupAt = Long.MAX_VALUE;
                        step(() -> node.onWakeup(clock()));
                    }
                });
            }
        }

        @Override
        public void send(NodeId to, Message message) {
            if (down) {
                return;
            }
            boolean wan = !to.region().equals(id.region());
            if (wan && message instanceof EpochMessage m) {
                shipped.add(new Shipped(now, id.region(), to.region(), m));
            }
            if (wan && cut.contains(Set.of(id.region(), to.region()))) {
                return;
            }
            deliver(id, to, message, wan ? WAN_DELAY_MICROS : LOCAL_DELAY_MICROS);
        }

        @Override
        public void keyAccess(int bytes) {
        }

        private <T> Pending<T> later(CompletionStage<T> stage) {
            StepPending<T> pending = new StepPending<>();
            long when = Math.max(now + STORAGE_DELAY_MICROS, lastCompletion);
            lastCompletion = when;
            stage.whenComplete((value, failure) -> at(when, () -> step(() -> pending.fire(clock(), value, failure))));
            return pending;
        }

        @Override
        public Pending<PartitionImage> loadPartition(ChainKey key) {
            return later(store.loadPartition(key));
        }

        @Override
        public Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
            return later(store.apply(key, version, writes));
        }

        @Override
        public Pending<Void> appendLog(RLogRecord record) {
            if (id.role() == NodeId.Role.COORDINATOR && record.origin().equals(id.region())) {
                ownRecords.add(record);
            }
            return later(store.appendLog(record));
        }

        @Override
        public Pending<List<RLogRecord>> readLog() {
            return later(store.readLog());
        }

        @Override
        public Pending<Void> truncateLog(RegionId origin, long throughEpoch) {
            return later(store.truncateLog(origin, throughEpoch));
        }

        @Override
        public Pending<Void> collectGarbage(ChainKey key, Version horizon) {
            return later(store.collectGarbage(key, horizon));
        }

        @Override
        public Pending<Void> dropPartition(ChainKey key) {
            return later(store.dropPartition(key));
        }
    }

    private static final class StepPending<T> implements Pending<T> {
        private Completion<T> completion;

        @Override
        public void whenDone(Completion<T> c) {
            completion = c;
        }

        void fire(long nowMicros, T value, Throwable failure) {
            if (completion != null) {
                completion.complete(nowMicros, value, failure);
            }
        }
    }
}
