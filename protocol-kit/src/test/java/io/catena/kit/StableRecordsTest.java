package io.catena.kit;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/** Group commit of stable records: one write at a time, what came meanwhile in the next, and a failed write again. */
class StableRecordsTest {

    private static final ChainKey RECORDS = ChainKey.of("__test_records", "records");

    private final QueuedStoragePort storage = new QueuedStoragePort();
    private final List<Runnable> retries = new ArrayList<>();
    private final List<String> durable = new ArrayList<>();
    private final StableRecords records = new StableRecords(storage, RECORDS, Runnable::run,
            (now, retry) -> retries.add(retry));

    StableRecordsTest() {
        records.recover(stable -> assertThat(stable).isEmpty());
        storage.deliverAll();
    }

    @Test
    void recordsOfOneStepShareAWriteAndThoseMadeMeanwhileTheNext() {
        record("a");
        record("b");
        records.flush();
        record("c");
        records.drop("a");
        records.flush();
        assertThat(storage.applies).as("one write under way at a time").isEqualTo(1);

        storage.deliverAll();

        assertThat(storage.applies).isEqualTo(2);
        assertThat(durable).containsExactly("a", "b", "c");
        assertThat(readBack()).containsOnlyKeys("b", "c");
        assertThat(storage.read(RECORDS, "c")).as("rows of the partition the protocol named").isEqualTo(Row.of("v", "c"));
        assertThat(records.quiescent()).isTrue();
    }

    @Test
    void everythingIsStoredOnlyWhenNothingWaitsAndNoWriteIsUnderWay() {
        assertThat(records.everythingStored()).isTrue();
        records.recordLater("a", Row.of("v", "a"));
        assertThat(records.everythingStored()).as("a row waiting for the next write").isFalse();
        record("b");
        records.flush();
        assertThat(records.everythingStored()).as("a write under way").isFalse();
        storage.deliverAll();
        assertThat(records.everythingStored()).isTrue();
        records.drop("a");
        assertThat(records.everythingStored()).as("a drop waiting").isFalse();
    }

    @Test
    void dropsWaitForTheNextRecord() {
        record("a");
        records.flush();
        storage.deliverAll();
        records.drop("a");
        records.flush();
        storage.deliverAll();
        assertThat(storage.applies).as("a drop alone costs no write").isEqualTo(1);
        assertThat(records.quiescent()).isTrue();

        record("b");
        records.flush();
        storage.deliverAll();

        assertThat(storage.applies).isEqualTo(2);
        assertThat(readBack()).containsOnlyKeys("b");
    }

    @Test
    void aFailedWriteGoesAgainWithWhatCameSinceWhichSupersedesIt() {
        storage.failingApplies = 1;
        record("a");
        records.flush();
        storage.deliverAll();
        assertThat(durable).as("not durable while the store fails").isEmpty();

        records.drop("a");
        record("b");
        retries.forEach(Runnable::run);
        storage.deliverAll();

        assertThat(durable).containsExactly("a", "b");
        assertThat(readBack()).containsOnlyKeys("b");
    }

    @Test
    void aRestartWritesAboveWhatIsStored() {
        record("a");
        records.flush();
        storage.deliverAll();

        StableRecords restarted = new StableRecords(storage, RECORDS, Runnable::run,
                (now, retry) -> retries.add(retry));
        restarted.recover(stable -> assertThat(stable).containsOnlyKeys("a"));
        storage.deliverAll();
        restarted.drop("a");
        restarted.record("b", Row.of("v", "b"), () -> { });
        restarted.flush();
        storage.deliverAll();

        assertThat(readBack()).as("the drop was not ignored as a version already applied").containsOnlyKeys("b");
    }

    private void record(String row) {
        records.record(row, Row.of("v", row), () -> durable.add(row));
    }

    private SortedMap<String, Row> readBack() {
        List<SortedMap<String, Row>> read = new ArrayList<>();
        new StableRecords(storage, RECORDS, Runnable::run, (now, retry) -> { }).recover(read::add);
        storage.deliverAll();
        return read.get(0);
    }
}
