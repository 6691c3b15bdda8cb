package io.catena.server.net;

import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.wire.Hello;
import io.catena.wire.WireProtocol;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The clock part of the handshake, on a clock that stands still: a node whose Hello proves its
 * clock ahead of this one by more than the bound is refused in one sentence both ends can act on;
 * within the bound, or behind by any amount (which a Hello cannot prove), it is accepted; clients
 * say no clock and are never judged by one.
 */
class HandshakePolicyTest {

    private static final String CLUSTER = "orbit";
    private static final List<String> REGIONS = List.of("us", "eu", "asia");
    private static final String DIGEST = "5ca1ab1e";
    private static final String SETTINGS = "5e771ng5";
    /** This process's cluster clock while a Hello is checked: 100 s after genesis. */
    private static final long NOW_MICROS = 100_000_000;
    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(REGIONS).build();
    private static final HandshakePolicy POLICY = new HandshakePolicy(CLUSTER, REGIONS, 0, DIGEST, SETTINGS,
            new ClockSkewCheck(() -> NOW_MICROS, ClockSkewCheck.toleratedMicros(CONFIG)));

    @Test
    void theBoundIsHalfTheDelayTolerance() {
        assertThat(CONFIG.delayToleranceMicros()).isEqualTo(400_000);
        assertThat(ClockSkewCheck.toleratedMicros(CONFIG)).isEqualTo(200_000);
        assertThat(ClockSkewCheck.toleratedMicros(ClusterConfig.builder().regions(REGIONS)
                .delayToleranceMicros(50_000).build())).isEqualTo(25_000);
    }

    @Test
    void aNodeProvablyAheadBeyondTheBoundIsRefusedInOneSentenceNamingBothRegions() {
        String refusal = POLICY.refusal(node("eu", NOW_MICROS + 480_000));

        assertThat(refusal).isEqualTo("the clocks of regions us and eu differ by at least 480 ms (eu's is ahead), "
                + "more than the 200 ms this cluster tolerates; synchronise them with NTP, give both the same genesis, "
                + "and restart the region that was off");
        assertOneSentence(refusal);
    }

    @Test
    void theSentenceGivesTheLowerBoundToTheMicrosecond() {
        assertThat(POLICY.refusal(node("asia", NOW_MICROS + 200_001)))
                .contains("regions us and asia differ by at least 200.001 ms (asia's is ahead)");
    }

    @Test
    void largeSkewsAreGivenInSecondsRoundedDown() {
        assertThat(POLICY.refusal(node("eu", NOW_MICROS + 59_573_586))).contains("differ by at least 59.573 s");
    }

    @ParameterizedTest(name = "ahead by {0} us")
    @ValueSource(longs = {0, 1, 150_000, 200_000})
    void aNodeAheadWithinTheBoundIsAccepted(long aheadMicros) {
        assertThat(POLICY.refusal(node("eu", NOW_MICROS + aheadMicros))).isNull();
    }

    /** The Hello may have taken that long to arrive: only the peer, which dials us too, can tell. */
    @ParameterizedTest(name = "behind by {0} us")
    @ValueSource(longs = {1, 200_001, 5_000_000, 3_600_000_000L})
    void aNodeBehindByAnyAmountIsAccepted(long behindMicros) {
        assertThat(POLICY.refusal(node("eu", NOW_MICROS - behindMicros))).isNull();
    }

    @Test
    void readingsBeforeGenesisAreCompared() {
        // Regions connect before genesis; a peer 20 s before it while we are 21 s before it is 1 s ahead.
        HandshakePolicy beforeGenesis = new HandshakePolicy(CLUSTER, REGIONS, 0, DIGEST, SETTINGS,
                new ClockSkewCheck(() -> -21_000_000, 200_000));

        assertThat(beforeGenesis.refusal(node("eu", -20_000_000))).contains("differ by at least 1 s");
        assertThat(beforeGenesis.refusal(node("eu", -21_100_000))).isNull();
    }

    @Test
    void wildReadingsDoNotWrapAround() {
        HandshakePolicy early = new HandshakePolicy(CLUSTER, REGIONS, 0, DIGEST, SETTINGS,
                new ClockSkewCheck(() -> -1, 200_000));
        HandshakePolicy late = new HandshakePolicy(CLUSTER, REGIONS, 0, DIGEST, SETTINGS,
                new ClockSkewCheck(() -> 1, 200_000));

        assertThat(early.refusal(node("eu", Long.MAX_VALUE))).contains("(eu's is ahead)");
        assertThat(late.refusal(node("eu", Long.MIN_VALUE))).isNull();
    }

    @Test
    void aNodeThatSaysNoClockIsRefused() {
        Hello silent = new Hello(WireProtocol.VERSION, CLUSTER, "eu", DIGEST, SETTINGS, null, Hello.PeerKind.NODE,
                "eu");

        String refusal = POLICY.refusal(silent);

        assertThat(refusal).contains("region eu sent no clock reading");
        assertOneSentence(refusal);
    }

    @Test
    void clientsAreNotJudgedByAClock() {
        assertThat(POLICY.refusal(Hello.client(CLUSTER, "us", "app"))).isNull();
    }

    @Test
    void theClockIsCheckedOnlyOnceTheNodeIsKnownToBelongToTheCluster() {
        long farAhead = NOW_MICROS + 60_000_000;

        assertThat(POLICY.refusal(node("mars", farAhead))).contains("not in this cluster's region list");
        assertThat(POLICY.refusal(Hello.node(CLUSTER, "eu", DIGEST, "0ther", farAhead, "eu")))
                .contains("cluster settings differ");
    }

    private static Hello node(String region, long clockMicros) {
        return Hello.node(CLUSTER, region, DIGEST, SETTINGS, clockMicros, region + "@test");
    }
}
