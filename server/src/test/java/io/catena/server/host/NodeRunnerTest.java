package io.catena.server.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.EpochRetired;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.StorageEngine;
import io.catena.storage.memory.MemoryStorageEngine;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A storage completion that is ready during a step runs on the node's thread right after that
 * step — never inside the call that registered it, and never behind messages queued meanwhile;
 * one that comes later runs on the node's thread too, unless the node was restarted since.
 */
class NodeRunnerTest {

    private static final NodeId NODE = NodeId.coordinator(RegionId.of(0));

    @Test
    void aReadyStorageCompletionRunsRightAfterItsStepAheadOfQueuedMessages() throws Exception {
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(3);
        NodeRunner[] self = new NodeRunner[1];
        try (NodeThread thread = new NodeThread("node-runner-test", MicrosClock.system());
             MemoryStorageEngine store = new MemoryStorageEngine()) {
            NodeRunner runner = new NodeRunner(NODE, MicrosClock.system(),
                    (from, to, m) -> self[0].deliver(from, m), thread);
            self[0] = runner;
            runner.start(store, ports -> new Recorder(ports, order, done));
            runner.deliver(NODE, new EpochRetired(1));

            assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(order).containsExactly("step 1 starts", "step 1 ends", "stored", "step 2");
            assertThat(runner.failedSteps()).isZero();
        }
    }

    @Test
    void aLaterStorageAnswerRunsOnTheNodesThreadWithItsCauseUnlessTheNodeRestartedSince() throws Exception {
        CompletableFuture<Void> first = new CompletableFuture<>();
        CompletableFuture<Void> second = new CompletableFuture<>();
        Iterator<CompletableFuture<Void>> answers = List.of(first, second).iterator();
        StorageEngine store = (StorageEngine) Proxy.newProxyInstance(StorageEngine.class.getClassLoader(),
                new Class<?>[] {StorageEngine.class}, (proxy, method, args) -> answers.next());
        List<String> completions = new CopyOnWriteArrayList<>();
        try (NodeThread thread = new NodeThread("node-runner-later", MicrosClock.system())) {
            NodeRunner runner = new NodeRunner(NODE, MicrosClock.system(), (from, to, m) -> { }, thread);
            runner.start(store, ports -> new Applier(ports, completions));
            runner.deliver(NODE, new EpochRetired(1));
            runner.inspect(n -> n).get(5, TimeUnit.SECONDS);
            first.completeExceptionally(new CompletionException(new IllegalStateException("disk full")));
            runner.inspect(n -> n).get(5, TimeUnit.SECONDS);

            runner.deliver(NODE, new EpochRetired(2));
            runner.inspect(n -> n).get(5, TimeUnit.SECONDS);
            runner.restart(ports -> new Applier(ports, completions));
            second.complete(null);
            runner.inspect(n -> n).get(5, TimeUnit.SECONDS);

            assertThat(completions).containsExactly("disk full on node-runner-later");
            assertThat(runner.failedSteps()).isZero();
        }
    }

    /** Applies on every message, recording how each apply ended and on which thread. */
    private record Applier(NodePorts ports, List<String> completions) implements ProtocolNode {

        @Override
        public NodeId id() {
            return NODE;
        }

        @Override
        public void onMessage(long nowMicros, NodeId from, Message message) {
            ports.storage().apply(ChainKey.of("t", "k"), Version.of(1, 0), List.of(RowWrite.delete("")))
                    .whenDone((now, ignored, failure) -> completions.add(
                            (failure == null ? "stored" : failure.getMessage()) + " on " + Thread.currentThread().getName()));
        }

        @Override
        public void onWakeup(long nowMicros) {
        }

        @Override
        public long nextWakeupMicros() {
            return Long.MAX_VALUE;
        }
    }

    /** On its first message queues a second one to itself, then calls storage. */
    private record Recorder(NodePorts ports, List<String> order, CountDownLatch done) implements ProtocolNode {

        @Override
        public NodeId id() {
            return NODE;
        }

        @Override
        public void onMessage(long nowMicros, NodeId from, Message message) {
            if (((EpochRetired) message).epoch() == 1) {
                order.add("step 1 starts");
                ports.outbox().send(NODE, new EpochRetired(2));
                ports.storage().apply(ChainKey.of("t", "k"), Version.of(1, 0),
                        List.of(RowWrite.delete(""))).whenDone((now, ignored, failure) -> {
                            order.add(failure == null ? "stored" : "failed: " + failure);
                            done.countDown();
                        });
                order.add("step 1 ends");
            } else {
                order.add("step 2");
            }
            done.countDown();
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
