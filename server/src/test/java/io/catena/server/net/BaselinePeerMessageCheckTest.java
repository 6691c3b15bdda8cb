package io.catena.server.net;

import static io.catena.server.net.ForgedEpochs.record;
import static io.catena.server.net.ForgedEpochs.timetable;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.baselines.message.CommitApplied;
import io.catena.baselines.message.KeyClaim;
import io.catena.catenae.message.EpochMessage;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.protocol.Protocol;
import io.catena.core.txn.Access;
import io.catena.server.host.MicrosClock;
import io.catena.wire.NodeMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What region us accepts on region eu's link when the cluster runs a baseline: the baseline's
 * messages between coordinators, about transactions whose home is where they say; nothing of
 * Catena's. And a Catena cluster refuses the baseline's messages.
 */
class BaselinePeerMessageCheckTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(List.of("us", "eu", "asia")).build();
    private static final MicrosClock CLOCK = MicrosClock.system().since(MicrosClock.system().nowMicros());
    private static final TxnId EU_TXN = new TxnId(5, EU, 1);
    private static final TxnId US_TXN = new TxnId(5, US, 1);
    private static final ClaimKeys CLAIM = new ClaimKeys(EU_TXN, 0,
            List.of(new KeyClaim(ChainKey.of("t", "k"), Access.WRITE, null)));

    private final PeerMessageCheck baseline = check(Protocol.parse("2pl"));

    @Test
    void claimsFromTheirHomeAndAnswersToOursPass() {
        assertThat(baseline.problem(EU, coordinators(CLAIM))).isNull();
        assertThat(baseline.problem(EU, coordinators(new ClaimReply(US_TXN, 0, ClaimVerdict.GRANTED,
                List.of(Version.of(0, 1)))))).isNull();
        assertThat(baseline.problem(EU, coordinators(new CommitApplied(US_TXN, 0)))).isNull();
    }

    @Test
    void aClaimForAnotherRegionsTransactionOrAnAnswerAboutSomeoneElsesIsRefused() {
        ClaimKeys forged = new ClaimKeys(US_TXN, 0, CLAIM.claims());
        assertThat(baseline.problem(EU, coordinators(forged))).contains("whose home is not region eu");
        assertThat(baseline.problem(EU, coordinators(new CommitApplied(EU_TXN, 0))))
                .contains("whose home is not region us");
    }

    @Test
    void aBaselineClusterRefusesEpochMessagesAndMessagesBetweenOtherNodes() {
        EpochMessage epochs = new EpochMessage(EU, List.of(record(EU, 10)), timetable(10));
        assertThat(baseline.problem(EU, coordinators(epochs))).contains("not EPOCH_MESSAGE");
        assertThat(baseline.problem(EU, new NodeMessage(NodeId.chainServer(EU, 0), NodeId.coordinator(US), CLAIM)))
                .contains("coordinator to coordinator");
    }

    @Test
    void aCatenaClusterRefusesTheBaselinesMessages() {
        PeerMessageCheck catena = check(Protocol.CATENA);
        assertThat(catena.problem(EU, coordinators(CLAIM))).contains("epoch messages only");
    }

    private static PeerMessageCheck check(Protocol protocol) {
        return new PeerMessageCheck(CONFIG, US, CLOCK, protocol.plugin().peerRule(CONFIG, US));
    }

    private static NodeMessage coordinators(Message m) {
        return new NodeMessage(NodeId.coordinator(EU), NodeId.coordinator(US), m);
    }
}
