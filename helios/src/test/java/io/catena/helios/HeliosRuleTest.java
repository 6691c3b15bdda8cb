package io.catena.helios;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Version;
import io.catena.logkit.CommitRule.Verdict;
import io.catena.logkit.FixedCandidate;
import io.catena.logkit.FixedLogState;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeliosRuleTest {

    private final HeliosRule rule = new HeliosRule();

    @Test
    void aTransactionCommitsOnceEveryPeersLogIsKnownUpToItsPendingRecord() {
        FixedCandidate t = new FixedCandidate(100, 0, Map.of());

        assertThat(rule.judge(t, knowing(100, 99))).isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, knowing(99, 100))).isEqualTo(Verdict.WAIT);
        assertThat(rule.judge(t, knowing(100, 100))).isEqualTo(Verdict.COMMIT);
    }

    @Test
    void commitsTakeTheirPendingRecordsTimestampWhichBoundsThemFromTheStart() {
        assertThat(rule.version(2, 100, 180)).isEqualTo(Version.of(100, 2));
        assertThat(rule.versionAtLeast(100)).isEqualTo(100);
    }

    /** Region 0 of three, knowing region 1's log up to {@code one} and region 2's up to {@code two}. */
    private static FixedLogState knowing(long one, long two) {
        return new FixedLogState(0, new long[][] {{0, one, two}, {0, 0, 0}, {0, 0, 0}}, Map.of());
    }
}
