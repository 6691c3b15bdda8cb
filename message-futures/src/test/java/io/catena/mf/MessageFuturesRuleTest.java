package io.catena.mf;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.logkit.CommitRule;
import io.catena.logkit.CommitRule.Verdict;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageFuturesRuleTest {

    private static final ChainKey X = ChainKey.of("t", "x");

    private final MessageFuturesRule rule = new MessageFuturesRule();
    private final Map<ChainKey, Version> applied = new HashMap<>(Map.of(X, Version.of(40, 1)));

    @Test
    void aTransactionCommitsOnceEveryPeerKnowsTheLastShipmentBeforeItsRequest() {
        CommitRule.Candidate t = candidate(100, Map.of(X, Version.of(40, 1)));

        assertThat(rule.judge(t, acknowledged(100, 99))).isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, acknowledged(99, 100))).isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, acknowledged(100, 100))).isEqualTo(Verdict.COMMIT);
    }

    @Test
    void aTransactionWhoseReadChangedAbortsOnceItMayDecide() {
        CommitRule.Candidate t = candidate(100, Map.of(X, Version.of(40, 1)));
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

    private static CommitRule.Candidate candidate(long shippedBefore, Map<ChainKey, Version> observed) {
        return new CommitRule.Candidate() {
            @Override
            public long pendingAt() {
                return shippedBefore + 1;
            }

            @Override
            public long shippedBefore() {
                return shippedBefore;
            }

            @Override
            public Map<ChainKey, Version> observed() {
                return observed;
            }
        };
    }

    /** Region 0's view: regions 1 and 2 are known to have its log up to the given timestamps. */
    private CommitRule.LogState acknowledged(long byRegion1, long byRegion2) {
        long[] acks = {0, byRegion1, byRegion2};
        return new CommitRule.LogState() {
            @Override
            public int self() {
                return 0;
            }

            @Override
            public List<Integer> peers() {
                return List.of(1, 2);
            }

            @Override
            public long known(int origin) {
                return Long.MAX_VALUE;
            }

            @Override
            public long knownBy(int region, int origin) {
                return origin == 0 ? acks[region] : 0;
            }

            @Override
            public Version applied(ChainKey key) {
                return applied.get(key);
            }
        };
    }
}
