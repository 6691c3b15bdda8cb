package io.catena.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** When collecting a partition's history frees something, and what stays readable after. */
class VersionedPartitionCollectionTest {

    private static final ChainKey KEY = ChainKey.of("kv", "r1");

    private static List<RowWrite> put(String value) {
        return List.of(RowWrite.put("", Row.of("v", value)));
    }

    @Test
    void aPartitionNeverWrittenHasNothingToForget() {
        VersionedPartition p = new VersionedPartition(KEY);

        assertThat(p.wouldForget(Version.of(100, 0))).isFalse();
        assertThat(p.hasHistoryAboveHorizon()).isFalse();
    }

    @Test
    void aHorizonBelowTheOnlyWriteFreesNothing() {
        VersionedPartition p = new VersionedPartition(KEY);
        p.apply(Version.of(5, 0), put("a"));

        assertThat(p.wouldForget(Version.of(4, 9))).isFalse();
        assertThat(p.wouldForget(Version.of(5, 0))).isTrue();
        assertThat(p.hasHistoryAboveHorizon()).isTrue();
    }

    @Test
    void collectingFoldsWhatIsSupersededAndKeepsLaterVersionsReadable() {
        VersionedPartition p = new VersionedPartition(KEY);
        p.apply(Version.of(2, 0), put("a"));
        p.apply(Version.of(4, 0), put("b"));
        p.apply(Version.of(6, 0), put("c"));

        p.collectGarbage(Version.of(5, 0));

        assertThat(p.horizon()).isEqualTo(Version.of(5, 0));
        assertThat(p.read("", Version.of(5, 0))).isEqualTo(Row.of("v", "b"));
        assertThat(p.read("", Version.of(6, 0))).isEqualTo(Row.of("v", "c"));
        assertThatThrownBy(() -> p.read("", Version.of(3, 0))).isInstanceOf(IllegalStateException.class);
        // Version 6 is still above the horizon: a later, higher horizon has something to fold.
        assertThat(p.wouldForget(Version.of(5, 5))).isFalse();
        assertThat(p.wouldForget(Version.of(7, 0))).isTrue();
        assertThat(p.hasHistoryAboveHorizon()).isTrue();

        p.collectGarbage(Version.of(9, 0));

        assertThat(p.horizon()).as("never past the latest version").isEqualTo(Version.of(6, 0));
        assertThat(p.hasHistoryAboveHorizon()).isFalse();
        assertThat(p.wouldForget(Version.of(50, 0))).isFalse();
    }

    @Test
    void historyLoadedFromAnImageCountsAsAboveTheHorizon() {
        VersionedPartition original = new VersionedPartition(KEY);
        original.apply(Version.of(2, 0), put("a"));
        original.apply(Version.of(3, 0), put("b"));

        VersionedPartition loaded = VersionedPartition.fromImage(original.toImage());

        assertThat(loaded.hasHistoryAboveHorizon()).isTrue();
        assertThat(loaded.wouldForget(Version.of(3, 0))).isTrue();
    }
}
