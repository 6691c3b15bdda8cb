package io.catena.server.net;

import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.Protocol;
import io.catena.server.LogCapture;
import io.catena.server.config.NetworkSettings;
import io.catena.server.host.MicrosClock;
import io.catena.server.region.RegionRuntime;
import io.catena.server.region.ClusterIdentity;
import io.catena.server.region.LinkSettings;
import io.catena.server.region.RegionSettings;
import io.catena.storage.memory.MemoryStorageEngine;
import io.catena.wire.WireCodecs;
import io.catena.wire.WireProtocol;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * Two region runtimes over loopback TCP, one of them given a genesis 3 s earlier, so that its
 * clock runs 3 s ahead: well below the 5 s at which epoch messages are dropped, far beyond the
 * 200 ms the cluster tolerates. The region behind refuses the one ahead at handshake, in one
 * sentence that it logs and that the one ahead logs as its refusal; the one ahead still admits
 * the one behind, since a Hello cannot prove a peer behind.
 */
class ClockSkewRefusalTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final long AHEAD_MICROS = 3_000_000;
    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(List.of("us", "eu")).build();
    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);

    @Test
    void theRegionBehindRefusesTheOneAheadInOneSentenceBothLog() throws Exception {
        long genesis = MicrosClock.system().nowMicros();
        List<RegionRuntime> regions = new ArrayList<>();
        try (LogCapture handshakes = LogCapture.of(HandshakeHandler.class);
             LogCapture links = LogCapture.of(PeerLink.class)) {
            regions.add(start(US, genesis));
            regions.add(start(EU, genesis - AHEAD_MICROS));
            List<InetSocketAddress> bound = regions.stream().map(RegionRuntime::address).toList();
            regions.forEach(r -> r.connect(bound));
            RegionRuntime us = regions.get(0);
            RegionRuntime eu = regions.get(1);

            assertThat(await(us::connectedToAllPeers)).as("eu admits us, whose clock is behind").isTrue();
            assertThat(await(() -> us.refusals().count(ConnectionRefusals.Reason.HELLO) > 0))
                    .as("us refuses eu's handshake").isTrue();
            assertThat(await(() -> links.warnings().stream().anyMatch(l -> l.contains("refused this node"))))
                    .as("eu logs its refusal").isTrue();

            String logged = firstLine(handshakes.warnings(), "the clocks of regions");
            String reason = logged.substring(logged.indexOf("the clocks of regions"));
            assertOneSentence(reason);
            assertThat(logged).startsWith("refused node 'eu@");
            assertThat(reason).startsWith("the clocks of regions us and eu differ by at least ")
                    .contains("(eu's is ahead), more than the 200 ms this cluster tolerates; synchronise them with NTP");
            assertThat(firstLine(links.warnings(), "refused this node")).startsWith("region us at ").endsWith(reason);
            assertThat(eu.connectedToAllPeers()).as("eu's link to us").isFalse();
            assertThat(eu.refusals().count(ConnectionRefusals.Reason.HELLO)).as("refusals at eu").isZero();
        } finally {
            regions.forEach(RegionRuntime::close);
        }
    }

    private static RegionRuntime start(RegionId region, long genesisMicros) {
        List<InetSocketAddress> anyPort = Collections.nCopies(CONFIG.regionCount(),
                new InetSocketAddress("127.0.0.1", 0));
        LinkSettings links = new LinkSettings(
                ChannelSetup.plain(WireCodecs.byName(WireCodecs.DEFAULT), WireProtocol.DEFAULT_MAX_FRAME_BYTES), null,
                NetworkSettings.defaults().sendQueueFrames());
        RegionSettings settings = new RegionSettings(new ClusterIdentity("skew", CONFIG, Protocol.CATENA, genesisMicros),
                region, anyPort, links, RegionSettings.DEFAULT_MAX_COORDINATOR_BACKLOG, 1);
        RegionRuntime runtime = new RegionRuntime(settings, ProcedureRegistry.empty(), new MemoryStorageEngine(), null);
        runtime.listen();
        return runtime;
    }

    private static String firstLine(List<String> lines, String containing) {
        List<String> matching = lines.stream().filter(l -> l.contains(containing)).toList();
        assertThat(matching).as("lines containing '%s' in %s", containing, lines).isNotEmpty();
        return matching.get(0);
    }

    private static boolean await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }
}
