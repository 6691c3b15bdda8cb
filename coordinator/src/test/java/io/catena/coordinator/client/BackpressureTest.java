package io.catena.coordinator.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.RLogRecord;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class BackpressureTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final RegionId ASIA = RegionId.of(2);

    private static ClusterConfig config(int faultTolerance) {
        return ClusterConfig.builder().regions(List.of("us", "eu", "asia")).faultTolerance(faultTolerance).build();
    }

    @Test
    void theBoundIsHalfASecondOfEpochs() {
        assertThat(new Backpressure(config(0)).boundEpochs()).isEqualTo(50);
        assertThat(new Backpressure(ClusterConfig.builder().regions(List.of("a", "b")).epochLengthMicros(100_000)
                .build()).boundEpochs()).isEqualTo(Backpressure.MIN_BOUND_EPOCHS);
    }

    @Test
    void aRegionFarBehindInExecutingHoldsAdmissionsBackUntilItCatchesUp() {
        Backpressure b = new Backpressure(config(0));
        b.onOwn(US, held(1_000), 1_000, 999);
        assertThat(b.admits()).isTrue();
        b.onRecord(record(ASIA, 1_010, 1_000, 900), US);
        assertThat(b.pacingBacklog()).isEqualTo(100);
        assertThat(b.admits()).isFalse();
        b.onRecord(record(ASIA, 1_020, 1_010, 960), US);
        assertThat(b.pacingBacklog()).isEqualTo(50);
        assertThat(b.admits()).as("at the bound").isTrue();
    }

    @Test
    void theWaitForTheOthersRecordsIsNoBacklog() {
        // A region whose epochs run 75 ms ahead holds the others' records only through 15 epochs
        // back, so it has scheduled no more: it is 5 epochs behind in executing, not 20.
        Backpressure b = new Backpressure(config(0));
        b.onRecord(new RLogRecord(ASIA, 2_000, List.of(), EpochVector.of(1_985, 1_990, 1_999), List.of(), List.of(),
                Version.endOf(1_980)), US);
        assertThat(b.pacingBacklog()).isEqualTo(5);
    }

    @Test
    void thisRegionsOwnBacklogCountsAsItKnowsItNotAsItsRecordsSay() {
        Backpressure b = new Backpressure(config(0));
        b.onOwn(US, held(1_000), 1_000, 800);
        assertThat(b.admits()).isFalse();
        b.onRecord(record(US, 1_001, 1_000, 1_000), US);
        assertThat(b.admits()).isFalse();
        b.onOwn(US, held(1_001), 1_001, 1_000);
        assertThat(b.admits()).isTrue();
    }

    @Test
    void anOlderRecordArrivingLateChangesNothing() {
        Backpressure b = new Backpressure(config(0));
        b.onRecord(record(EU, 500, 500, 490), US);
        b.onRecord(record(EU, 400, 400, 100), US);
        assertThat(b.pacingBacklog()).isEqualTo(10);
    }

    @Test
    void inMajorityModeTheSlowestRegionDoesNotPaceTheOthers() {
        Backpressure b = new Backpressure(config(1));
        b.onOwn(US, held(1_000), 1_000, 995);
        b.onRecord(record(ASIA, 1_000, 1_000, 100), US);
        assertThat(b.admits()).as("asia, far behind or gone, is left out").isTrue();
        b.onRecord(record(EU, 1_000, 1_000, 900), US);
        assertThat(b.pacingBacklog()).isEqualTo(100);
        assertThat(b.admits()).isFalse();
    }

    @Test
    void inMajorityModeTheWaitForInclusionIsNoBacklog() {
        // On slow stores a region learns that a record is included seconds after it holds it, and
        // schedules only then: this region holds 300 epochs it has not scheduled, and so does every
        // other region, whose records then say 300 epochs more than they have left to execute.
        Backpressure b = new Backpressure(config(1));
        b.onOwn(US, held(1_300), 1_000, 990);
        b.onRecord(record(EU, 1_300, 1_300, 985), US);
        b.onRecord(record(ASIA, 1_300, 1_300, 980), US);
        assertThat(b.pacingBacklog()).isEqualTo(15);
        assertThat(b.admits()).isTrue();
    }

    /**
     * Against a model: each region's backlog is what its latest record (or, for this region, the
     * latest {@code onOwn}) says, the others' less this region's wait to decide, and admissions go
     * by the largest but the {@code f} largest.
     */
    @Property(tries = 300)
    void admitsAsTheLatestReportsSay(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2) int faultTolerance) {
        Random random = new Random(seed);
        int regions = 5;
        ClusterConfig config = ClusterConfig.builder().regions(List.of("a", "b", "c", "d", "e"))
                .faultTolerance(faultTolerance).build();
        RegionId self = RegionId.of(random.nextInt(regions));
        Backpressure b = new Backpressure(config);
        long[] latestEpoch = new long[regions];
        long[] model = new long[regions];
        long decideWait = 0;
        for (int step = 0; step < 200; step++) {
            if (random.nextInt(4) == 0) {
                long scheduled = 1 + random.nextInt(2_000);
                long applied = random.nextInt(2_100);
                long[] held = new long[regions];
                for (int r = 0; r < regions; r++) {
                    held[r] = random.nextInt(2_100);
                }
                b.onOwn(self, EpochVector.of(held), scheduled, applied);
                model[self.index()] = Math.max(0, scheduled - applied);
                long[] sortedHeld = held.clone();
                Arrays.sort(sortedHeld);
                decideWait = Math.max(0, sortedHeld[faultTolerance] - scheduled);
            } else {
                RegionId origin = RegionId.of(random.nextInt(regions));
                long epoch = 1 + random.nextInt(2_000);
                long[] receipts = new long[regions];
                for (int r = 0; r < regions; r++) {
                    receipts[r] = random.nextInt(2_100);
                }
                long applied = random.nextInt(2_100);
                b.onRecord(new RLogRecord(origin, epoch, List.of(), EpochVector.of(receipts), List.of(), List.of(),
                        Version.endOf(applied)), self);
                if (!origin.equals(self) && epoch > latestEpoch[origin.index()]) {
                    latestEpoch[origin.index()] = epoch;
                    long[] sorted = receipts.clone();
                    Arrays.sort(sorted);
                    model[origin.index()] = Math.min(epoch, sorted[faultTolerance]) - applied;
                }
            }
            long[] known = new long[regions];
            for (int r = 0; r < regions; r++) {
                known[r] = r == self.index() ? model[r] : Math.max(0, model[r] - decideWait);
            }
            long[] sorted = known;
            Arrays.sort(sorted);
            long pacing = sorted[regions - 1 - faultTolerance];
            assertThat(b.pacingBacklog()).as("seed %d step %d", seed, step).isEqualTo(pacing);
            assertThat(b.admits()).isEqualTo(pacing <= b.boundEpochs());
        }
    }

    private static EpochVector held(long epoch) {
        return EpochVector.of(epoch, epoch, epoch);
    }

    /** A record of {@code origin}'s epoch whose origin held every region's records through {@code held}. */
    private static RLogRecord record(RegionId origin, long epoch, long held, long applied) {
        return new RLogRecord(origin, epoch, List.of(), EpochVector.of(held, held, held), List.of(), List.of(),
                Version.endOf(applied));
    }
}
