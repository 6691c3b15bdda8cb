package io.catena.server.net;

import static io.catena.server.net.ForgedEpochs.record;
import static io.catena.server.net.ForgedEpochs.timetable;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.EpochMessage;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.protocol.Protocol;
import io.catena.logkit.message.LogShipment;
import io.catena.logkit.message.TxnRecord;
import io.catena.rlog.LogRecord;
import io.catena.rlog.Shipment;
import io.catena.rlog.TimetableSnapshot;
import io.catena.server.host.MicrosClock;
import io.catena.wire.NodeMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What region us accepts on region eu's link when the cluster runs a log protocol (Helios, Message
 * Futures): eu's own log shipments, coordinator to coordinator, with a table of the cluster's three
 * regions (records of other origins may ride along); nothing of Catena's. And a Catena cluster
 * refuses log shipments.
 */
class LogPeerMessageCheckTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(List.of("us", "eu", "asia")).build();
    private static final MicrosClock CLOCK = MicrosClock.system().since(MicrosClock.system().nowMicros());
    /** Eu's shipment: its own finished record and asia's, which logs relay. */
    private static final LogShipment FROM_EU = shipment(1, 3);

    private final PeerMessageCheck helios = check(Protocol.parse("helios"));

    @Test
    void theLinksOwnRegionsShipmentsPassWithOtherOriginsRecordsInThem() {
        assertThat(helios.problem(EU, coordinators(FROM_EU))).isNull();
        assertThat(check(Protocol.parse("mf")).problem(EU, coordinators(FROM_EU))).isNull();
    }

    @Test
    void aShipmentOfAnotherSenderOrForAnotherNumberOfRegionsIsRefused() {
        assertThat(helios.problem(EU, coordinators(shipment(2, 3))))
                .isEqualTo("a log shipment on region eu's link must be its own, for 3 regions");
        assertThat(helios.problem(EU, coordinators(shipment(1, 2))))
                .isEqualTo("a log shipment on region eu's link must be its own, for 3 regions");
        assertThat(helios.problem(EU, coordinators(shipment(1, 4))))
                .isEqualTo("a log shipment on region eu's link must be its own, for 3 regions");
    }

    @Test
    void aHeliosClusterRefusesEpochMessagesAndMessagesBetweenOtherNodes() {
        EpochMessage epochs = new EpochMessage(EU, List.of(record(EU, 10)), timetable(10));
        assertThat(helios.problem(EU, coordinators(epochs)))
                .isEqualTo("region links of a helios cluster carry log shipments only, not EPOCH_MESSAGE");
        assertThat(helios.problem(EU, new NodeMessage(NodeId.chainServer(EU, 0), NodeId.coordinator(US), FROM_EU)))
                .contains("coordinator to coordinator");
        assertThat(helios.problem(EU, new NodeMessage(NodeId.coordinator(EU), NodeId.resolver(US), FROM_EU)))
                .contains("coordinator to coordinator");
    }

    @Test
    void aCatenaClusterRefusesLogShipments() {
        PeerMessageCheck catena = check(Protocol.CATENA);
        assertThat(catena.problem(EU, coordinators(FROM_EU))).contains("epoch messages only");
    }

    /**
     * A shipment of region {@code sender} in a table of {@code regions}, with a finished record of
     * its own and, when there are three regions or more, one of region 2's.
     */
    private static LogShipment shipment(int sender, int regions) {
        long[][] table = new long[regions][regions];
        for (int r = 0; r < regions; r++) {
            table[sender][r] = 50;
            table[r][r] = 50;
        }
        List<LogRecord<TxnRecord>> records = regions < 3
                ? List.of(new LogRecord<>(sender, 40, finished(sender)))
                : List.of(new LogRecord<>(sender, 40, finished(sender)), new LogRecord<>(2, 45, finished(2)));
        return new LogShipment(new Shipment<>(sender, records, TimetableSnapshot.of(table)));
    }

    private static TxnRecord finished(int origin) {
        return new TxnRecord.Finished(new TxnId(40, RegionId.of(origin), 0), true);
    }

    private static PeerMessageCheck check(Protocol protocol) {
        return new PeerMessageCheck(CONFIG, US, CLOCK, protocol.plugin().peerRule(CONFIG, US));
    }

    private static NodeMessage coordinators(Message m) {
        return new NodeMessage(NodeId.coordinator(EU), NodeId.coordinator(US), m);
    }
}
