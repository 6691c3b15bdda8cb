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
import io.catena.storage.memory.MemoryStorageEngine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A storage completion that is ready during a step runs on the node's thread right after that
 * step — never inside the call that registered it, and never behind messages queued meanwhile.
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
