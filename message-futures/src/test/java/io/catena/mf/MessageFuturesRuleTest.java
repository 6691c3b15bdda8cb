package io.catena.mf;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.logkit.CommitRule.Verdict;
import io.catena.logkit.FixedCandidate;
import io.catena.logkit.FixedLogState;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageFuturesRuleTest {

    private static final ChainKey X = ChainKey.of("t", "x");

    private final MessageFuturesRule rule = new MessageFuturesRule();
    private final Map<ChainKey, Version> applied = new HashMap<>(Map.of(X, Version.of(40, 1)));

    @Test
    void aTransactionCommitsOnceEveryPeerKnowsTheLastShipmentBeforeItsRequest() {
        FixedCandidate t = candidate(100, Map.of(X, Version.of(40, 1)));

        assertThat(rule.judge(t, acknowledged(100, 99))).isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, acknowledged(99, 100))).isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, acknowledged(100, 100))).isEqualTo(Verdict.COMMIT);
    }

    @Test
    void aTransactionWhoseReadChangedAbortsOnceItMayDecide() {
        FixedCandidate t = candidate(100, Map.of(X, Version.of(40, 1)));
        applied.put(X, Version.of(70, 2));

        assertThat(rule.judge(t, acknowledged(100, 99))).as("still waiting for an acknowledgement")
                .isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, acknowledged(100, 100))).isEqualTo(Verdict.ABORT);
    }

    @Test
    void commitsTakeTheirFinishedRecordsTimestampUnknownWhilePending() {
        assertThat(rule.version(2, 100, 180)).isEqualTo(Version.of(180, 2));
        assertThat(rule.versionAtLeast(100)).isEqualTo(Long.MAX_VALUE);
    }

    private static FixedCandidate candidate(long shippedBefore, Map<ChainKey, Version> observed) {
        return new FixedCandidate(shippedBefore + 1, shippedBefore, observed);
    }

    /** Region 0 of three: regions 1 and 2 are known to have its log up to the given timestamps. */
    private FixedLogState acknowledged(long byRegion1, long byRegion2) {
        return new FixedLogState(0, new long[][] {{0, 0, 0}, {byRegion1, 0, 0}, {byRegion2, 0, 0}}, applied);
    }
}
