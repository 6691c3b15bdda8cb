package io.catena.server.net;

import static io.catena.server.net.Sentences.assertOneSentence;
import static io.catena.server.net.ForgedEpochs.record;
import static io.catena.server.net.ForgedEpochs.timetable;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.EpochMessageRule;
import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.Footprints;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitTxn;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.server.host.MicrosClock;
import io.catena.wire.NodeMessage;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What region us accepts on region eu's link, message by message, with a clock that started at
 * the cluster's genesis just now (so the newest plausible epoch is about 500: five seconds of
 * 10 ms epochs). Healthy traffic passes; each kind of impossible content is named.
 */
class PeerMessageCheckTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final RegionId ASIA = RegionId.of(2);
    private static final RegionId BEYOND = ForgedEpochs.BEYOND;
    private static final long NOW_EPOCH = 10;
    private static final long FUTURE_EPOCH = ForgedEpochs.FUTURE_EPOCH;
    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(List.of("us", "eu", "asia")).build();

    private final MicrosClock clock = MicrosClock.system().since(MicrosClock.system().nowMicros());
    private final EpochMessageRule rule = new EpochMessageRule(CONFIG);
    private final PeerMessageCheck check = new PeerMessageCheck(CONFIG, US, clock, rule);

    @Test
    void aHealthyEpochMessageWithRelayedRecordsPasses() {
        EpochMessage m = new EpochMessage(EU, List.of(record(EU, NOW_EPOCH), record(ASIA, NOW_EPOCH)),
                timetable(NOW_EPOCH));

        assertThat(check.problem(EU, coordinators(m))).isNull();
    }

    @Test
    void epochsUpToTheClockSkewAllowancePass() {
        long newest = rule.newestPlausibleEpoch(clock.nowMicros());

        assertThat(newest).isBetween(EpochMessageRule.MAX_CLOCK_AHEAD_MICROS / CONFIG.epochLengthMicros(),
                EpochMessageRule.MAX_CLOCK_AHEAD_MICROS / CONFIG.epochLengthMicros() + 200);
        EpochMessage atTheLimit = new EpochMessage(EU, List.of(record(EU, newest)), timetable(newest));
        assertThat(check.problem(EU, coordinators(atTheLimit))).isNull();
        assertThat(check.problem(EU, coordinators(new EpochMessage(EU, List.of(record(EU, newest + 1_000)),
                timetable(NOW_EPOCH))))).contains("epoch " + (newest + 1_000));
    }

    /** A region whose epochs run 100 ms ahead on purpose ships records of epochs 10 later than ours. */
    @Test
    void aRegionWhoseEpochsRunAheadOnPurposePasses() {
        ClusterConfig offset = ClusterConfig.builder().regions(List.of("us", "eu", "asia"))
                .epochOffsetsMicros(List.of(0L, 100_000L, 0L)).build();
        PeerMessageCheck withOffsets = new PeerMessageCheck(offset, US, clock, new EpochMessageRule(offset));
        long euEpoch = (clock.nowMicros() + 100_000) / offset.epochLengthMicros() + 1;

        EpochMessage ahead = new EpochMessage(EU, List.of(record(EU, euEpoch), record(ASIA, NOW_EPOCH)),
                timetable(euEpoch));

        assertThat(withOffsets.problem(EU, coordinators(ahead))).isNull();
        assertThat(check.problem(EU, coordinators(ahead))).as("within the 5 s allowance without offsets too").isNull();
    }

    /**
     * The peer's epochs are judged against its own protocol clock, the cluster clock plus its offset:
     * an offset beyond the 5 s allowance (possible with a delay tolerance above it) is no skew.
     */
    @Test
    void aPeersOffsetIsAddedToTheClockItsEpochsAreJudgedBy() {
        long sixSeconds = 6_000_000;
        ClusterConfig far = ClusterConfig.builder().regions(List.of("us", "eu", "asia"))
                .delayToleranceMicros(10_000_000).epochOffsetsMicros(List.of(0L, sixSeconds, 0L)).build();
        PeerMessageCheck withOffsets = new PeerMessageCheck(far, US, clock, new EpochMessageRule(far));
        long sixSecondsOn = sixSeconds / far.epochLengthMicros() + 50;

        EpochMessage ahead = new EpochMessage(EU, List.of(record(EU, sixSecondsOn)), timetable(NOW_EPOCH));

        assertThat(withOffsets.peerClockMicros(EU) - withOffsets.peerClockMicros(ASIA)).isBetween(sixSeconds - 1_000,
                sixSeconds + 1_000);
        assertThat(withOffsets.problem(EU, coordinators(ahead))).isNull();
        assertThat(withOffsets.problem(ASIA, new NodeMessage(NodeId.coordinator(ASIA), NodeId.coordinator(US),
                new EpochMessage(ASIA, List.of(record(ASIA, sixSecondsOn + 500)), timetable(NOW_EPOCH)))))
                .as("a region without an offset").contains("epoch " + (sixSecondsOn + 500));
    }

    static Stream<Arguments> refusedMessages() {
        EpochMessage healthy = new EpochMessage(EU, List.of(record(EU, NOW_EPOCH)), timetable(NOW_EPOCH));
        RLogRecord good = record(EU, NOW_EPOCH);
        return Stream.of(
                Arguments.of("a record from the far future",
                        coordinators(new EpochMessage(EU, List.of(record(EU, FUTURE_EPOCH)), timetable(NOW_EPOCH))),
                        List.of("record r1@" + FUTURE_EPOCH, "epoch " + FUTURE_EPOCH, "clocks")),
                Arguments.of("a timetable from the far future",
                        coordinators(new EpochMessage(EU, List.of(), timetable(FUTURE_EPOCH))),
                        List.of("timetable row 0", "epoch " + FUTURE_EPOCH)),
                Arguments.of("a record of a region beyond the cluster",
                        coordinators(new EpochMessage(EU, List.of(record(BEYOND, NOW_EPOCH)), timetable(NOW_EPOCH))),
                        List.of("names region r7 in a cluster of 3 regions")),
                Arguments.of("a timetable of another cluster's shape",
                        coordinators(new EpochMessage(EU, List.of(), Timetable.zeros(2))),
                        List.of("timetable has 2 rows for a cluster of 3 regions")),
                Arguments.of("receipts of another cluster's shape",
                        coordinators(new EpochMessage(EU, List.of(new RLogRecord(EU, NOW_EPOCH, List.of(),
                                EpochVector.zeros(5), List.of(), List.of(), Version.ZERO)), timetable(NOW_EPOCH))),
                        List.of("receipts", "5 epochs for a cluster of 3 regions")),
                Arguments.of("an abandon vote from the far future",
                        coordinators(new EpochMessage(EU, List.of(new RLogRecord(EU, NOW_EPOCH, List.of(),
                                EpochVector.zeros(3), List.of(new BatchRef(ASIA, FUTURE_EPOCH)), List.of(),
                                Version.ZERO)), timetable(NOW_EPOCH))),
                        List.of("abandon vote", "epoch " + FUTURE_EPOCH)),
                Arguments.of("a vote ordering a transaction of a region beyond the cluster",
                        coordinators(new EpochMessage(EU, List.of(new RLogRecord(EU, NOW_EPOCH, List.of(),
                                EpochVector.zeros(3), List.of(), List.of(new KeyOrderVote(NOW_EPOCH - 1,
                                        ChainKey.of("t", "k"), List.of(new TxnId(NOW_EPOCH - 1, BEYOND, 0)))),
                                Version.ZERO)), timetable(NOW_EPOCH))),
                        List.of("key-order vote of epoch " + (NOW_EPOCH - 1), "names region r7")),
                Arguments.of("an applied-through version from the far future",
                        coordinators(new EpochMessage(EU, List.of(new RLogRecord(EU, NOW_EPOCH, List.of(),
                                EpochVector.zeros(3), List.of(), List.of(), Version.of(FUTURE_EPOCH, 0))),
                                timetable(NOW_EPOCH))),
                        List.of("applied-through", "epoch " + FUTURE_EPOCH)),
                Arguments.of("an epoch message naming another sender",
                        coordinators(new EpochMessage(ASIA, List.of(good), timetable(NOW_EPOCH))),
                        List.of("names r2 as its sender")),
                Arguments.of("a message from a node of another region",
                        new NodeMessage(NodeId.coordinator(BEYOND), NodeId.coordinator(US), healthy),
                        List.of("claims to come from r7/coord")),
                Arguments.of("a message to another region",
                        new NodeMessage(NodeId.coordinator(EU), NodeId.coordinator(ASIA), healthy),
                        List.of("addressed to r2/coord", "not a node of this region")),
                Arguments.of("a message to one of our clients",
                        new NodeMessage(NodeId.coordinator(EU), NodeId.client(US, 0), healthy),
                        List.of("addressed to r0/client0")),
                Arguments.of("a transaction, which only clients submit",
                        coordinators(new SubmitTxn(new RequestId(1, 1), ForgedEpochs.readSpec(), 0)),
                        List.of("epoch messages only", "SUBMIT_TXN")),
                Arguments.of("chain-server traffic, which never crosses regions",
                        new NodeMessage(NodeId.coordinator(EU), NodeId.chainServer(US, 0),
                                new Footprints(NOW_EPOCH, List.of(), Version.ZERO)),
                        List.of("epoch messages only", "FOOTPRINTS")),
                Arguments.of("an epoch message to a chain server",
                        new NodeMessage(NodeId.coordinator(EU), NodeId.chainServer(US, 0), healthy),
                        List.of("coordinator to coordinator", "r0/cs0")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedMessages")
    void impossibleTrafficIsRefusedInOneSentence(String what, NodeMessage m, List<String> mentions) {
        String problem = check.problem(EU, m);

        assertThat(problem).as(what).isNotNull().contains(mentions);
        assertOneSentence(problem);
    }

    private static NodeMessage coordinators(Message m) {
        return new NodeMessage(NodeId.coordinator(EU), NodeId.coordinator(US), m);
    }
}
