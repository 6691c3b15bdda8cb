package io.catena.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.EpochRetired;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.wan.LatencyMatrix;
import io.catena.wire.Hello;
import io.catena.wire.WireCodecs;
import io.netty.channel.nio.NioEventLoopGroup;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A peer link holds a bounded number of frames on their way out — here, waiting out an emulated
 * WAN delay — and sheds what comes beyond the bound instead of queueing without end.
 */
class PeerLinkQueueTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);

    @Test
    void framesBeyondTheQueueBoundAreShedAndTheBoundFreesUpOnceFramesLeave() throws Exception {
        LatencyMatrix gcp = LatencyMatrix.preset("gcp3");
        WanEmulation wan = WanEmulation.of(gcp, gcp.regions(), 0, 0);
        NioEventLoopGroup group = new NioEventLoopGroup(1);
        try {
            Hello hello = Hello.node("queue-test", gcp.regions().get(0), ProcedureRegistry.empty().digest(), "", 0,
                    "queue-test");
            // Never started: no connection, so every frame that leaves the queue is dropped as disconnected.
            PeerLink.Target eu = new PeerLink.Target(EU, gcp.regions().get(1), new InetSocketAddress("127.0.0.1", 9));
            PeerLink link = new PeerLink(US, eu, () -> hello, wan, group.next(),
                    ChannelSetup.plain(WireCodecs.byName(WireCodecs.DEFAULT), 1 << 20), 3);
            for (int i = 0; i < 5; i++) {
                link.send(NodeId.coordinator(US), NodeId.coordinator(EU), new EpochRetired(i));
            }
            assertThat(link.queuedFrames()).isEqualTo(3);
            assertThat(link.stats().shed()).isEqualTo(2);

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (link.stats().droppedDisconnected() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(link.stats().droppedDisconnected()).isEqualTo(3);
            assertThat(link.queuedFrames()).isZero();

            link.send(NodeId.coordinator(US), NodeId.coordinator(EU), new EpochRetired(9));
            assertThat(link.stats().shed()).as("room again").isEqualTo(2);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
