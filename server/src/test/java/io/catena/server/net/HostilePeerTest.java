package io.catena.server.net;

import static io.catena.server.net.ForgedEpochs.BEYOND;
import static io.catena.server.net.ForgedEpochs.FUTURE_EPOCH;
import static io.catena.server.net.LoopbackCluster.ASIA;
import static io.catena.server.net.LoopbackCluster.EU;
import static io.catena.server.net.LoopbackCluster.US;
import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.Footprints;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.server.LogCapture;
import io.catena.wire.ErrorNotice;
import io.catena.wire.NodeMessage;
import io.catena.wire.Welcome;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A peer that passes the handshake as region eu (right cluster, right procedures) and then sends
 * region us what no healthy region sends: epochs from the far future, regions beyond the cluster,
 * traffic that never crosses regions. Each message is dropped with a notice naming the problem
 * and logged, rate-limited; the link stays up; and the real cluster around it keeps committing
 * in every region with no failed protocol step, ending identical.
 *
 * <p>Without the check, the far-future record would wait in us's log for good and shadow the
 * real record of that epoch, the far-future timetable would stop us shipping its log to eu, and
 * the record of region r7 would fail the coordinator's step.
 */
class HostilePeerTest {

    @RegisterExtension
    static final LoopbackCluster cluster = new LoopbackCluster();

    @Test
    void impossibleEpochMessagesAreDroppedWithANoticeAndTheClusterCarriesOn() throws Exception {
        Map<String, NodeMessage> forged = Map.of(
                "record r1@" + FUTURE_EPOCH + " is of epoch " + FUTURE_EPOCH,
                toUs(epochs(List.of(ForgedEpochs.record(EU, FUTURE_EPOCH)), ForgedEpochs.timetable(1))),
                "timetable row 0 is of epoch " + FUTURE_EPOCH,
                toUs(epochs(List.of(), ForgedEpochs.timetable(FUTURE_EPOCH))),
                "names region r7 in a cluster of 3 regions",
                toUs(epochs(List.of(ForgedEpochs.emptyRecord(BEYOND, 1)), ForgedEpochs.timetable(1))),
                "timetable has 2 rows",
                toUs(epochs(List.of(), Timetable.zeros(2))),
                "names r2 as its sender",
                toUs(new EpochMessage(ASIA, List.of(), ForgedEpochs.timetable(1))),
                "claims to come from r7/coord",
                new NodeMessage(NodeId.coordinator(BEYOND), NodeId.coordinator(US), epochs(List.of(),
                        ForgedEpochs.timetable(1))),
                "epoch messages only, not FOOTPRINTS",
                new NodeMessage(NodeId.coordinator(EU), NodeId.chainServer(US, 0),
                        new Footprints(1, List.of(), Version.ZERO)));
        try (LogCapture log = LogCapture.of(PeerInboundHandler.class); FrameSocket peer = admittedAsEu()) {
            for (Map.Entry<String, NodeMessage> f : forged.entrySet()) {
                peer.send(f.getValue());
                ErrorNotice notice = peer.receive(ErrorNotice.class);

                assertThat(notice.code()).isEqualTo(ErrorNotice.Code.INVALID);
                assertThat(notice.detail()).contains(f.getKey());
                assertOneSentence(notice.detail());
            }
            assertThat(log.warnings()).as("logged").anySatisfy(line -> assertThat(line).contains("dropped"));
            assertThat(peer.closedByPeer(java.time.Duration.ofMillis(200))).as("the link stays up").isFalse();
        }
        assertTheClusterCarriesOn("after-forgeries");
    }

    /**
     * A peer stuck sending the same impossible message every epoch: each is refused, the log is
     * not flooded, and the cluster commits in the meantime.
     */
    @Test
    void aFloodOfFutureEpochsIsRefusedWithRateLimitedLogging() throws Exception {
        NodeMessage future = toUs(epochs(List.of(ForgedEpochs.record(EU, FUTURE_EPOCH)), ForgedEpochs.timetable(1)));
        int flood = 300;
        try (LogCapture log = LogCapture.of(PeerInboundHandler.class); FrameSocket peer = admittedAsEu()) {
            for (int i = 0; i < flood; i++) {
                peer.send(future);
            }
            assertThat(cluster.increment(US, "during-flood").version()).isNotNull();
            for (int i = 0; i < flood; i++) {
                assertThat(peer.receive(ErrorNotice.class).detail()).contains("epoch " + FUTURE_EPOCH);
            }
            assertThat(log.warnings()).as("warnings for " + flood + " refusals").hasSizeBetween(1, 5);
        }
        assertTheClusterCarriesOn("after-flood");
    }

    private static void assertTheClusterCarriesOn(String counter) throws InterruptedException {
        for (RegionId r : cluster.protocol().regionIds()) {
            assertThat(cluster.increment(r, counter).version()).as("a commit in " + cluster.regionName(r)).isNotNull();
        }
        cluster.assertSettledAndIdentical();
        for (RegionId r : cluster.protocol().regionIds()) {
            assertThat(cluster.counter(r, counter)).as("commits seen in " + cluster.regionName(r)).isEqualTo(3);
        }
    }

    private static FrameSocket admittedAsEu() throws IOException {
        FrameSocket s = FrameSocket.connect(cluster.address(US));
        Welcome w = (Welcome) s.hello(Hellos.node(cluster.clusterName(), "eu", cluster.registryDigest(),
                cluster.settingsDigest(), cluster.clockMicros()));
        assertThat(w.region()).isEqualTo("us");
        return s;
    }

    private static EpochMessage epochs(List<RLogRecord> records, Timetable timetable) {
        return ForgedEpochs.message(EU, records, timetable);
    }

    private static NodeMessage toUs(Message m) {
        return new NodeMessage(NodeId.coordinator(EU), NodeId.coordinator(US), m);
    }
}
