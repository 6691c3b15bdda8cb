package io.catena.kit;

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
 * A region's stable storage, for a protocol whose node must find again after a crash what it
 * promised before it crashed (as Paxos Commit's participants must: a grant's prepared record
 * before the grant leaves, a home's decision before its commit does), and the answers it gave
 * ({@link Outcomes}). Records are rows of one partition of a reserved table that the protocol
 * names (a table starting with {@code "__"}, which no transaction may touch), written by group
 * commit: everything recorded or dropped while a write is under way goes out in the next one, so
 * a region issues one store call at a time however many records it makes, and each step's
 * records share a call. A record is dropped (its row deleted) once nothing needs it after a
 * crash; drops wait for the next record's write rather than cost one of their own (up to
 * {@value #DROPS_HELD} of them), so a record dropped in memory may still be in the store after a
 * crash, and the protocol must take such a record back harmlessly (the baselines hold a grant's
 * keys again until its home answers it with a release). What matters is order, and a drop never
 * goes out after a record made after it.
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
public final class StableRecords implements Outcomes.Store {

    /** Every this many writes, the store may forget the partition's history below the last. */
    static final int COLLECT_EVERY = 256;
    /** How many drops wait for a record before they go out in a write of their own. */
    static final int DROPS_HELD = 1024;

    private final StoragePort storage;
    private final ChainKey key;
    private final Consumer<Runnable> step;
    private final BiConsumer<Long, Runnable> retryLater;
    /** Rows to write next, by row: the newest put or delete of each. */
    private LinkedHashMap<String, RowWrite> next = new LinkedHashMap<>();
    private List<Runnable> nextDurable = new ArrayList<>();
    private boolean writing;
    private long lastVersion;

    /**
     * @param storage    the region's store
     * @param key        the partition the records are rows of, in a reserved table ({@code "__"}
     *                   first) of the protocol's own, so that no transaction and no other protocol
     *                   touches it
     * @param step       runs a storage completion as a step of the owning node
     * @param retryLater issues a failed call again after a while (the time of failure, the call)
     */
    public StableRecords(StoragePort storage, ChainKey key, Consumer<Runnable> step,
                         BiConsumer<Long, Runnable> retryLater) {
        this.storage = storage;
        this.key = key;
        this.step = step;
        this.retryLater = retryLater;
    }

    /**
     * Reads every record back, before the node serves anything: {@code then} gets them by row,
     * and from then on new writes go above what is stored.
     */
    public void recover(Consumer<SortedMap<String, Row>> then) {
        storage.loadPartition(key).whenDone((now, image, failure) -> step.accept(() -> {
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
    public void flush() {
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
        storage.apply(key, version, List.copyOf(rows.values())).whenDone((now, v, failure) -> step.accept(() -> {
            writing = false;
            if (failure != null) {
                requeue(rows, durable);
                retryLater.accept(now, this::flush);
                return;
            }
            if (lastVersion % COLLECT_EVERY == 0) {
                storage.collectGarbage(key, version);
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

    /**
     * Whether everything recorded and dropped is in the store: nothing waits for a write and none
     * is under way. A node that tells peers what it holds may do so at once only then.
     */
    public boolean everythingStored() {
        return !writing && next.isEmpty();
    }

    /** Whether every record made is in the store (drops may wait). */
    public boolean quiescent() {
        return !writing && nextDurable.isEmpty();
    }
}
