package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reads, images and sweeps derived from stored versions, without a server. */
class PartitionHistoryTest {

    private static final ChainKey KEY = ChainKey.of("t", "p");

    private final PartitionHistory history = new PartitionHistory(List.of(
            new StoredVersion("a", Version.of(1, 0), Row.of("n", 1)),
            new StoredVersion("a", Version.of(3, 0), Row.of("n", 3)),
            new StoredVersion("a", Version.of(2, 0), Row.of("n", 2)),
            new StoredVersion("b", Version.of(1, 0), Row.of("n", 10)),
            new StoredVersion("b", Version.of(2, 0), null),
            new StoredVersion("c", Version.of(2, 0), Row.of("n", 20))));

    @Test
    void aReadTakesEachRowsNewestVersionAtOrBelowAndHidesDeletions() {
        assertThat(history.rowsAt(Version.of(1, 5))).isEqualTo(Map.of("a", Row.of("n", 1), "b", Row.of("n", 10)));
        assertThat(history.rowsAt(Version.of(2, 0))).isEqualTo(Map.of("a", Row.of("n", 2), "c", Row.of("n", 20)));
        assertThat(history.rowsAt(Version.MAX)).isEqualTo(Map.of("a", Row.of("n", 3), "c", Row.of("n", 20)));
        assertThat(history.rowsAt(Version.ZERO)).isEmpty();
    }

    @Test
    void sweepsKeepWhatReadsAtOrAboveTheHorizonNeed() {
        assertThat(history.sweeps(Version.of(2, 0))).containsExactly(
                new PartitionHistory.Sweep("a", Version.of(2, 0), false),
                new PartitionHistory.Sweep("b", Version.of(2, 0), true));
        assertThat(history.sweeps(Version.of(1, 0))).isEmpty();
        assertThat(history.sweeps(Version.ZERO)).isEmpty();
    }

    @Test
    void theImageFoldsHistoryAtTheBaseAndCarriesACommitThatWroteNothing() {
        PartitionImage image = history.image(KEY, Version.of(2, 0), Version.of(4, 0));
        assertThat(image.base()).isEqualTo(Version.of(2, 0));
        assertThat(image.rowsAtBase()).isEqualTo(Map.of("a", Row.of("n", 2), "c", Row.of("n", 20)));
        assertThat(image.after()).extracting(PartitionImage.AppliedWrites::version)
                .containsExactly(Version.of(3, 0), Version.of(4, 0));
        VersionedPartition loaded = VersionedPartition.fromImage(image);
        assertThat(loaded.latest()).isEqualTo(Version.of(4, 0));
        assertThat(loaded.snapshot(Version.MAX)).isEqualTo(history.rowsAt(Version.MAX));
    }
}
