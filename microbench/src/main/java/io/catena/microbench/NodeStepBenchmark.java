package io.catena.microbench;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.core.spi.Completion;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.StorageEngine;
import io.catena.server.host.MicrosClock;
import io.catena.server.host.NodeRunner;
import io.catena.server.host.NodeThread;
import io.catena.server.net.ClientConnections;
import io.catena.server.net.Router;
import io.catena.server.storage.ObservedStorageEngine;
import io.catena.storage.memory.MemoryStorageEngine;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the region runtime costs apart from the protocol, on the embedded store.
 * {@link #deliver}: a message handed to a node of the process ({@link Router#deliverLocal}),
 * queued for the {@link NodeThread} that runs it and run as the node's step, per message over
 * batches of {@link #BATCH} delivered before waiting for the node. {@link #storageCall}: one call
 * of a step to its storage port, completed right after the step, per call over a step making
 * {@link #BATCH}. The store is wrapped as {@code catena bench} wraps it (an
 * {@link ObservedStorageEngine} for the benchmark's meter over one for the region's store
 * health); the calls apply at a version the key already holds, so the store checks and changes
 * nothing. The node does nothing else: what is measured is the hosting.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(NodeStepBenchmark.BATCH)
public class NodeStepBenchmark {

    static final int BATCH = 100;

    private static final RegionId REGION = RegionId.of(0);
    private static final NodeId NODE = NodeId.chainServer(REGION, 0);
    private static final NodeId SENDER = NodeId.coordinator(REGION);
    private static final ChainKey KEY = ChainKey.of("usertable", "user1");
    private static final Version HELD = Version.of(1, 0);
    private static final List<RowWrite> WRITES = List.of(RowWrite.delete("field0"));

    NodeThread thread;
    MemoryStorageEngine store;
    Router router;
    StorageCaller node;
    Message message;

    @Setup(Level.Trial)
    public void setUp() {
        MicrosClock clock = MicrosClock.system();
        thread = new NodeThread("node-step-benchmark", clock);
        store = new MemoryStorageEngine();
        store.apply(KEY, HELD, WRITES).toCompletableFuture().join();
        StorageEngine observed = ObservedStorageEngine.of(
                ObservedStorageEngine.of(store, (op, nanos, failure) -> { }), (op, nanos, failure) -> { });
        router = new Router(REGION, 1, new ClientConnections(REGION));
        NodeRunner runner = new NodeRunner(NODE, clock, router, thread);
        router.addNode(runner);
        runner.start(observed, ports -> node = new StorageCaller(ports));
        message = HotPathFrames.submit(new KvTraffic(100_000, 3, 42).next(), 700).message();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        thread.close();
        store.close();
    }

    /** Delivers {@link #BATCH} messages, on which the node makes no storage call, and waits until it ran them. */
    @Benchmark
    public long deliver() {
        node.callsPerMessage = 0;
        long target = node.done + BATCH;
        for (int i = 0; i < BATCH; i++) {
            router.deliverLocal(SENDER, NODE, message);
        }
        return awaitDone(target);
    }

    /** Delivers one message, on which the node makes {@link #BATCH} storage calls, and waits until all completed. */
    @Benchmark
    public long storageCall() {
        node.callsPerMessage = BATCH;
        long target = node.done + 1;
        router.deliverLocal(SENDER, NODE, message);
        return awaitDone(target);
    }

    private long awaitDone(long target) {
        while (node.done < target) {
            Thread.onSpinWait();
        }
        return node.done;
    }

    /** Makes {@code callsPerMessage} applies per message and counts a message done once all completed. */
    static final class StorageCaller implements ProtocolNode, Completion<Void> {

        private final NodePorts ports;
        /** Set by the benchmark's thread before it delivers, which publishes it to the node's. */
        int callsPerMessage;
        private int outstanding;
        /** Messages done; written on the node's thread only, read by the benchmark's. */
        volatile long done;
        long failures;

        StorageCaller(NodePorts ports) {
            this.ports = ports;
        }

        @Override
        public NodeId id() {
            return NODE;
        }

        @Override
        public void onMessage(long nowMicros, NodeId from, Message message) {
            if (callsPerMessage == 0) {
                done++;
                return;
            }
            outstanding = callsPerMessage;
            for (int i = 0; i < callsPerMessage; i++) {
                ports.storage().apply(KEY, HELD, WRITES).whenDone(this);
            }
        }

        @Override
        public void complete(long nowMicros, Void value, Throwable failure) {
            if (failure != null) {
                failures++;
            }
            if (--outstanding == 0) {
                done++;
            }
        }

        @Override
        public void onWakeup(long nowMicros) {
        }

        @Override
        public long nextWakeupMicros() {
            return Long.MAX_VALUE;
        }
    }
}
