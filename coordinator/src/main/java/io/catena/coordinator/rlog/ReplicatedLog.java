package io.catena.coordinator.rlog;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.StoragePort;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * The records this region holds of every region's log, its own included. A record is
 * <em>held</em> once it is persisted, and records of one origin become held strictly in epoch
 * order, so "held through epoch e" is a single number per origin: the receipts this region votes
 * with and acknowledges with. Records that arrive early wait for the gap to fill.
 *
 * <p>Persisting before holding is what makes every vote durable: a successor coordinator reads
 * the same log back and can never vote differently. Up to {@link #APPENDS_IN_FLIGHT} records of
 * an origin are persisted at once: a store across the network takes a round trip per append (the
 * adapters group an origin's appends into one write per round trip), and the window caps an
 * origin at that many records per round trip: 100 epochs a second must keep up, and a region
 * that comes back from a store outage must catch up on thousands of records while new ones
 * arrive; and an origin keeps up only while the window exceeds its epoch rate times the store's
 * append time (32 records fell behind on stores taking 1.5 s). Appends may complete in any order;
 * records still become held in epoch order, and a record persisted after a gap that a crash left
 * is simply appended again (appends are idempotent per origin and epoch).
 *
 * <p>Memory holds a record only while this region may still use it: until it is scheduled here
 * and every region holds it ({@link #release}). Storage keeps it longer, for the dedup window
 * ({@link #truncate}).
 */
public final class ReplicatedLog {

    /** Told of every record as it becomes held, per origin in epoch order. */
    @FunctionalInterface
    public interface HeldListener {
        void onHeld(RLogRecord record, long nowMicros);
    }

    /** Appends of one origin's records outstanding at once. */
    static final int APPENDS_IN_FLIGHT = 256;

    private final StoragePort storage;
    private final int regions;
    private final List<TreeMap<Long, HeldRecord>> held = new ArrayList<>();
    private final List<TreeMap<Long, RLogRecord>> arrived = new ArrayList<>();
    private final long[] heldThrough;
    private final long[] truncatedThrough;
    private final long[] releasedThrough;
    /** Per origin: appends were issued for every epoch from heldThrough + 1 up to this one. */
    private final long[] issuedThrough;
    /** Per origin: every record through this epoch is held or arrived (see {@link #takenThrough}). */
    private final long[] takenThrough;
    /** Per origin: epochs above heldThrough whose append completed, waiting for the gap below. */
    private final List<TreeMap<Long, Long>> persistedAt = new ArrayList<>();
    private final HeldListener onHeld;
    private final LongConsumer onRunEnd;

    /**
     * A log telling {@code onHeld} of every record as it becomes held and, once a run of records
     * that became held together has been told, {@code onRunEnd} (with the time): work that looks at
     * the whole log (deciding, shipping) is done once per run, not once per record, which would
     * cost a region catching up on thousands of records quadratic time.
     */
    public ReplicatedLog(StoragePort storage, int regions, HeldListener onHeld, LongConsumer onRunEnd) {
        this.storage = storage;
        this.regions = regions;
        this.onHeld = onHeld;
        this.onRunEnd = onRunEnd;
        this.heldThrough = new long[regions];
        this.truncatedThrough = new long[regions];
        this.releasedThrough = new long[regions];
        this.issuedThrough = new long[regions];
        this.takenThrough = new long[regions];
        for (int i = 0; i < regions; i++) {
            held.add(new TreeMap<>());
            arrived.add(new TreeMap<>());
            persistedAt.add(new TreeMap<>());
        }
    }

    /**
     * Takes a record (own or received); duplicates and already-held epochs are ignored.
     *
     * @return whether the record was new here
     */
    public boolean offer(RLogRecord record, long nowMicros) {
        int o = record.origin().index();
        if (record.epoch() <= heldThrough[o] || arrived.get(o).containsKey(record.epoch())) {
            return false;
        }
        arrived.get(o).put(record.epoch(), record);
        while (arrived.get(o).containsKey(takenThrough[o] + 1)) {
            takenThrough[o]++;
        }
        persistNext(o, nowMicros);
        return true;
    }

    private void persistNext(int o, long nowMicros) {
        while (issuedThrough[o] - heldThrough[o] < APPENDS_IN_FLIGHT) {
            RLogRecord next = arrived.get(o).get(issuedThrough[o] + 1);
            if (next == null) {
                return;
            }
            issuedThrough[o] = next.epoch();
            storage.appendLog(next).whenDone((now, ignored, failure) -> persisted(o, next.epoch(), now, failure));
        }
    }

    private void persisted(int o, long epoch, long nowMicros, Throwable failure) {
        if (epoch <= heldThrough[o]) {
            return;
        }
        if (failure != null) {
            // Left in place: the next offer, completion or retry appends it (and what follows) again.
            issuedThrough[o] = Math.min(issuedThrough[o], epoch - 1);
            return;
        }
        persistedAt.get(o).put(epoch, nowMicros);
        Long at;
        boolean any = false;
        while ((at = persistedAt.get(o).remove(heldThrough[o] + 1)) != null) {
            RLogRecord record = arrived.get(o).remove(heldThrough[o] + 1);
            held.get(o).put(record.epoch(), HeldRecord.of(record, at));
            heldThrough[o] = record.epoch();
            issuedThrough[o] = Math.max(issuedThrough[o], heldThrough[o]);
            onHeld.onHeld(record, nowMicros);
            any = true;
        }
        if (any) {
            onRunEnd.accept(nowMicros);
        }
        persistNext(o, nowMicros);
    }

    /** Retries persisting records that wait (after a storage failure). */
    public void retryPersisting(long nowMicros) {
        for (int o = 0; o < regions; o++) {
            persistNext(o, nowMicros);
        }
    }

    /**
     * Rebuilds from records read back from storage after a restart, without persisting them again.
     * Each origin's records are taken from its lowest epoch as long as they are contiguous.
     */
    public void restore(Collection<RLogRecord> records, long nowMicros) {
        List<TreeMap<Long, RLogRecord>> byOrigin = new ArrayList<>();
        for (int i = 0; i < regions; i++) {
            byOrigin.add(new TreeMap<>());
        }
        for (RLogRecord r : records) {
            byOrigin.get(r.origin().index()).put(r.epoch(), r);
        }
        for (int o = 0; o < regions; o++) {
            TreeMap<Long, RLogRecord> rs = byOrigin.get(o);
            if (rs.isEmpty()) {
                continue;
            }
            long expected = rs.firstKey();
            truncatedThrough[o] = expected - 1;
            releasedThrough[o] = expected - 1;
            heldThrough[o] = expected - 1;
            issuedThrough[o] = expected - 1;
            takenThrough[o] = expected - 1;
            for (RLogRecord r : rs.values()) {
                if (r.epoch() != expected) {
                    break;
                }
                held.get(o).put(r.epoch(), HeldRecord.of(r, nowMicros));
                heldThrough[o] = r.epoch();
                issuedThrough[o] = r.epoch();
                takenThrough[o] = r.epoch();
                expected++;
                onHeld.onHeld(r, nowMicros);
            }
        }
        onRunEnd.accept(nowMicros);
    }

    public long heldThrough(RegionId origin) {
        return heldThrough[origin.index()];
    }

    public boolean holds(BatchRef ref) {
        return ref.epoch() <= heldThrough[ref.origin().index()] && ref.epoch() > truncatedThrough[ref.origin().index()];
    }

    /** The held record, or null if it is not held or was released from memory. */
    public RLogRecord get(BatchRef ref) {
        HeldRecord h = held.get(ref.origin().index()).get(ref.epoch());
        return h == null ? null : h.record();
    }

    /**
     * The last epoch of {@code origin} through which this region has every record, held or taken
     * and waiting to be persisted: it will hold all of them as soon as its store has written them,
     * with nothing more from any other region.
     */
    public long takenThrough(RegionId origin) {
        return Math.max(takenThrough[origin.index()], heldThrough[origin.index()]);
    }

    /** A record taken but not held yet (not persisted, or waiting for an earlier epoch), or null. */
    public RLogRecord unheld(BatchRef ref) {
        return arrived.get(ref.origin().index()).get(ref.epoch());
    }

    /** Held records of {@code origin} after {@code afterEpoch}, oldest first. */
    public Collection<HeldRecord> heldAfter(RegionId origin, long afterEpoch) {
        return held.get(origin.index()).tailMap(afterEpoch, false).values();
    }

    /** How far {@code origin}'s records got here, in words: held, appends issued, arrived after. */
    public String progress(RegionId origin) {
        int o = origin.index();
        TreeMap<Long, RLogRecord> waiting = arrived.get(o);
        return "held through " + heldThrough[o] + ", appends issued through " + issuedThrough[o] + ", "
                + waiting.size() + " more arrived" + (waiting.isEmpty() ? ""
                        : " (epochs " + waiting.firstKey() + " to " + waiting.lastKey() + ")")
                + ", " + persistedAt.get(o).size() + " persisted past a gap";
    }

    /** This region's receipts: held through, per origin. */
    public EpochVector receipts() {
        return EpochVector.of(heldThrough);
    }

    /**
     * Drops from memory the records of {@code origin} through {@code throughEpoch}: the caller has
     * scheduled them and every region holds them, so neither scheduling nor shipping reads them
     * again. Storage keeps them until {@link #truncate}.
     */
    public void release(RegionId origin, long throughEpoch) {
        int o = origin.index();
        long through = Math.min(throughEpoch, heldThrough[o]);
        if (through > releasedThrough[o]) {
            held.get(o).headMap(through, true).clear();
            releasedThrough[o] = through;
        }
    }

    /** Forgets, in memory and in storage, records every region holds and no decision needs any more. */
    public void truncate(RegionId origin, long throughEpoch) {
        int o = origin.index();
        if (throughEpoch <= truncatedThrough[o]) {
            return;
        }
        long through = Math.min(throughEpoch, heldThrough[o]);
        release(origin, through);
        truncatedThrough[o] = through;
        storage.truncateLog(origin, through);
    }

    public long truncatedThrough(RegionId origin) {
        return truncatedThrough[origin.index()];
    }

    /** Records held and not truncated, in storage: the log's backlog. */
    public long heldCount() {
        long n = 0;
        for (int o = 0; o < regions; o++) {
            n += heldThrough[o] - truncatedThrough[o];
        }
        return n;
    }

    /** Records kept in memory. */
    public int inMemoryCount() {
        int n = 0;
        for (TreeMap<Long, HeldRecord> m : held) {
            n += m.size();
        }
        return n;
    }
}
