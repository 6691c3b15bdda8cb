package io.catena.baselines;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.spi.StoragePort;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A baseline region's stable storage, as Paxos Commit requires of its participants: a grant's
 * prepared record before the grant leaves, a home's decision before its commit does. Records are
 * rows of one partition in a reserved table, written by group commit: everything recorded or
 * dropped while a write is under way goes out in the next one, so a region issues one store call
 * at a time however many grants and decisions it makes, and each step's records share a call.
 * A record is dropped (its row deleted) once nothing needs it after a crash; drops wait for the
 * next record's write rather than cost one of their own (up to {@value #DROPS_HELD} of them). A
 * record dropped in memory but still stored is harmless: after a crash it holds keys again that
 * nobody needs, until its home answers the grant with a release. What matters is order, and a
 * drop never goes out after a record made after it.
 *
 * <p>One writer, and each write at a version above the last, because an adapter applies writes
 * to one partition in call order and re-applying a version at or below the latest does nothing:
 * a failed write goes out again, with whatever was recorded since, at the next version (its rows
 * are the state they should have, so writing them again is harmless). Every
 * {@value #COLLECT_EVERY}th write lets the store forget the partition's history below it, so the
 * partition holds what is recorded now and little more.
 *
 * <p>Owned by one node; every call on its thread; completions arrive as its steps.
 */
final class StableRecords implements Outcomes.Store {

    /** Reserved table; the planner never lets a transaction touch tables starting with "__". */
    static final String TABLE = "__baseline_records";
    static final ChainKey KEY = ChainKey.of(TABLE, "records");
    static final int COLLECT_EVERY = 256;
    static final int DROPS_HELD = 1024;

    private final StoragePort storage;
    private final Consumer<Runnable> step;
    private final BiConsumer<Long, Runnable> retryLater;
    /** Rows to write next, by row: the newest put or delete of each. */
    private LinkedHashMap<String, RowWrite> next = new LinkedHashMap<>();
    private List<Runnable> nextDurable = new ArrayList<>();
    private boolean writing;
    private long lastVersion;

    /**
     * @param step       runs a storage completion as a step of the owning node
     * @param retryLater issues a failed call again after a while (the time of failure, the call)
     */
    StableRecords(StoragePort storage, Consumer<Runnable> step, BiConsumer<Long, Runnable> retryLater) {
        this.storage = storage;
        this.step = step;
        this.retryLater = retryLater;
    }

    /**
     * Reads every record back, before the node serves anything: {@code then} gets them by row,
     * and from then on new writes go above what is stored.
     */
    void recover(Consumer<SortedMap<String, Row>> then) {
        storage.loadPartition(KEY).whenDone((now, image, failure) -> step.accept(() -> {
            if (failure != null) {
                retryLater.accept(now, () -> recover(then));
                return;
            }
            VersionedPartition records = VersionedPartition.fromImage(image);
            lastVersion = records.latest().epoch();
            then.accept(records.snapshot(Version.MAX));
        }));
    }

    /** Records {@code value} under {@code row}; {@code durable} runs once it is in the store. */
    @Override
    public void record(String row, Row value, Runnable durable) {
        next.put(row, RowWrite.put(row, value));
        nextDurable.add(durable);
    }

    /**
     * Records {@code value} under {@code row} with the next write, whenever that is: for a record
     * that another, still stored, covers until then (a drop in the same write ends that one).
     */
    @Override
    public void recordLater(String row, Row value) {
        next.put(row, RowWrite.put(row, value));
    }

    /** Drops the record under {@code row}, whether it is stored yet or not. */
    @Override
    public void drop(String row) {
        next.put(row, RowWrite.delete(row));
    }

    /**
     * Writes what was recorded and dropped, unless a write is under way (it follows that one) or
     * there are only a few drops (they wait for a record).
     */
    void flush() {
        if (writing || nextDurable.isEmpty() && next.size() < DROPS_HELD) {
            return;
        }
        LinkedHashMap<String, RowWrite> rows = next;
        List<Runnable> durable = nextDurable;
        next = new LinkedHashMap<>();
        nextDurable = new ArrayList<>();
        write(rows, durable);
    }

    private void write(LinkedHashMap<String, RowWrite> rows, List<Runnable> durable) {
        writing = true;
        Version version = Version.of(++lastVersion, 0);
        storage.apply(KEY, version, List.copyOf(rows.values())).whenDone((now, v, failure) -> step.accept(() -> {
            writing = false;
            if (failure != null) {
                requeue(rows, durable);
                retryLater.accept(now, this::flush);
                return;
            }
            if (lastVersion % COLLECT_EVERY == 0) {
                storage.collectGarbage(KEY, version);
            }
            durable.forEach(Runnable::run);
            flush();
        }));
    }

    /** Puts a failed write's rows back in front of what was recorded since, which supersedes them. */
    private void requeue(LinkedHashMap<String, RowWrite> rows, List<Runnable> durable) {
        LinkedHashMap<String, RowWrite> merged = new LinkedHashMap<>(rows);
        for (Map.Entry<String, RowWrite> e : next.entrySet()) {
            merged.remove(e.getKey());
            merged.put(e.getKey(), e.getValue());
        }
        next = merged;
        durable.addAll(nextDurable);
        nextDurable = durable;
    }

    /** Whether every record made is in the store (drops may wait). */
    boolean quiescent() {
        return !writing && nextDurable.isEmpty();
    }
}
