package io.catena.server.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.EpochRetired;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;
import io.catena.storage.memory.MemoryStorageEngine;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A restarted node is a fresh one, as after a crash: messages go to it from then on, and whatever
 * the old node still sends through its ports is dropped rather than reaching its peers.
 */
class NodeRestartTest {

    private static final NodeId NODE = NodeId.chainServer(RegionId.of(0), 1);
    private static final NodeId PEER = NodeId.coordinator(RegionId.of(0));

    @Test
    void aRestartedNodeTakesTheMessagesAndItsPredecessorIsSilenced() throws Exception {
        List<Message> routed = new CopyOnWriteArrayList<>();
        try (NodeThread thread = new NodeThread("node-restart-test", MicrosClock.system());
             MemoryStorageEngine store = new MemoryStorageEngine()) {
            NodeRunner runner = new NodeRunner(NODE, MicrosClock.system(), (from, to, m) -> routed.add(m), thread);
            Recording first = new Recording();
            Recording second = new Recording();
            runner.start(store, ports -> first.bind(ports));
            runner.deliver(PEER, new EpochRetired(1));
            runner.restart(ports -> second.bind(ports));
            runner.deliver(PEER, new EpochRetired(2));
            assertThat(runner.inspect(n -> n == second).get(5, TimeUnit.SECONDS)).isTrue();

            first.ports.outbox().send(PEER, new EpochRetired(10));
            second.ports.outbox().send(PEER, new EpochRetired(20));

            assertThat(first.received).containsExactly(new EpochRetired(1));
            assertThat(second.received).containsExactly(new EpochRetired(2));
            assertThat(routed).containsExactly(new EpochRetired(20));
            assertThat(runner.failedSteps()).isZero();
        }
    }

    /** Records what it receives. */
    private static final class Recording implements ProtocolNode {
        final List<Message> received = new CopyOnWriteArrayList<>();
        NodePorts ports;

        Recording bind(NodePorts p) {
            this.ports = p;
            return this;
        }

        @Override
        public NodeId id() {
            return NODE;
        }

        @Override
        public void onMessage(long nowMicros, NodeId from, Message message) {
            received.add(message);
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
