package io.catena.helios;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.logkit.CommitRule;
import io.catena.logkit.CommitRule.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeliosRuleTest {

    private final HeliosRule rule = new HeliosRule();

    @Test
    void aTransactionCommitsOnceEveryPeersLogIsKnownUpToItsPendingRecord() {
        CommitRule.Candidate t = candidate(100);

        assertThat(rule.judge(t, state(new long[] {0, 100, 99}))).isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, state(new long[] {0, 99, 100}))).isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, state(new long[] {0, 100, 100}))).isEqualTo(Verdict.COMMIT);
    }

    @Test
    void commitsTakeTheirPendingRecordsTimestampWhichBoundsThemFromTheStart() {
        assertThat(rule.version(2, 100, 180)).isEqualTo(Version.of(100, 2));
        assertThat(rule.versionAtLeast(100)).isEqualTo(100);
    }

    private static CommitRule.Candidate candidate(long pendingAt) {
        return new CommitRule.Candidate() {
            @Override
            public long pendingAt() {
                return pendingAt;
            }

            @Override
            public long shippedBefore() {
                return 0;
            }

            @Override
            public Map<ChainKey, Version> observed() {
                return Map.of();
            }
        };
    }

    /** Region 0's view, knowing region i's log up to {@code known[i]}. */
    private static CommitRule.LogState state(long[] known) {
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
                return known[origin];
            }

            @Override
            public long knownBy(int region, int origin) {
                return 0;
            }

            @Override
            public Version applied(ChainKey key) {
                return Version.ZERO;
            }
        };
    }
}
