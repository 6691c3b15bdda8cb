package io.catena.coordinator.rlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.Completion;
import io.catena.core.spi.Pending;
import io.catena.core.spi.StoragePort;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Log appends of one origin run side by side, yet records become held in epoch order. */
class ReplicatedLogPipelineTest {

    private static final RegionId ORIGIN = RegionId.of(1);

    private final Appends storage = new Appends();
    private final List<Long> heldInOrder = new ArrayList<>();
    /** The epochs held by each run, as told at the run's end. */
    private final List<List<Long>> runs = new ArrayList<>();
    private final List<Long> run = new ArrayList<>();
    private final ReplicatedLog log = new ReplicatedLog(storage, 3, (record, now) -> {
        heldInOrder.add(record.epoch());
        run.add(record.epoch());
    }, now -> {
        runs.add(List.copyOf(run));
        run.clear();
    });

    @Test
    void appendsAreIssuedSideBySideUpToTheWindow() {
        for (long e = 1; e <= ReplicatedLog.APPENDS_IN_FLIGHT + 10; e++) {
            log.offer(record(e), 0);
        }
        assertThat(storage.pending.keySet()).hasSize(ReplicatedLog.APPENDS_IN_FLIGHT)
                .allMatch(e -> e <= ReplicatedLog.APPENDS_IN_FLIGHT);
        assertThat(heldInOrder).isEmpty();
    }

    @Test
    void outOfOrderCompletionsHoldRecordsInEpochOrder() {
        for (long e = 1; e <= 5; e++) {
            log.offer(record(e), 0);
        }
        storage.complete(3, null);
        storage.complete(2, null);
        assertThat(heldInOrder).as("nothing held while epoch 1 is not persisted").isEmpty();
        assertThat(log.heldThrough(ORIGIN)).isZero();

        storage.complete(1, null);
        assertThat(heldInOrder).containsExactly(1L, 2L, 3L);
        assertThat(log.heldThrough(ORIGIN)).isEqualTo(3);

        storage.complete(5, null);
        storage.complete(4, null);
        assertThat(heldInOrder).containsExactly(1L, 2L, 3L, 4L, 5L);
    }

    @Test
    void recordsThatBecomeHeldTogetherEndInOneRun() {
        for (long e = 1; e <= 6; e++) {
            log.offer(record(e), 0);
        }
        for (long e = 2; e <= 5; e++) {
            storage.complete(e, null);
        }
        assertThat(runs).isEmpty();

        storage.complete(1, null);
        storage.complete(6, null);

        assertThat(runs).as("one run end per completion that held anything, after its records")
                .containsExactly(List.of(1L, 2L, 3L, 4L, 5L), List.of(6L));
    }

    @Test
    void aFailedAppendIsIssuedAgainAndNothingAfterItIsHeldFirst() {
        for (long e = 1; e <= 3; e++) {
            log.offer(record(e), 0);
        }
        storage.complete(2, null);
        storage.complete(1, new IllegalStateException("timeout"));
        storage.complete(3, null);
        assertThat(heldInOrder).isEmpty();
        assertThat(storage.pending).as("epoch 1 is appended again once anything completes").containsKey(1L);

        storage.complete(1, null);
        // Epochs 2 and 3 were persisted already; re-appending them is harmless but not needed to hold them.
        assertThat(heldInOrder).containsExactly(1L, 2L, 3L);
        assertThat(storage.issued).startsWith(1L, 2L, 3L, 1L);
    }

    @Test
    void retryingAfterAFailureResumesFromTheGap() {
        log.offer(record(1), 0);
        storage.complete(1, new IllegalStateException("timeout"));
        assertThat(storage.pending).isEmpty();
        log.retryPersisting(10);
        assertThat(storage.pending).containsOnlyKeys(1L);
        storage.complete(1, null);
        assertThat(heldInOrder).containsExactly(1L);
    }

    private static RLogRecord record(long epoch) {
        return new RLogRecord(ORIGIN, epoch, List.of(), EpochVector.zeros(3), List.of(), List.of(), Version.ZERO);
    }

    /** Log appends that complete when the test says, in any order; nothing else is used. */
    private static final class Appends implements StoragePort {
        final Map<Long, Completion<Void>> pending = new LinkedHashMap<>();
        final List<Long> issued = new ArrayList<>();

        void complete(long epoch, Throwable failure) {
            Completion<Void> c = pending.remove(epoch);
            assertThat(c).as("an append of epoch %d is outstanding", epoch).isNotNull();
            c.complete(0, null, failure);
        }

        @Override
        public Pending<Void> appendLog(RLogRecord record) {
            issued.add(record.epoch());
            return completion -> pending.put(record.epoch(), completion);
        }

        @Override
        public Pending<PartitionImage> loadPartition(ChainKey key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Pending<List<RLogRecord>> readLog() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Pending<Void> truncateLog(RegionId origin, long throughEpoch) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Pending<Void> collectGarbage(ChainKey key, Version horizon) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Pending<Void> dropPartition(ChainKey key) {
            throw new UnsupportedOperationException();
        }
    }
}
