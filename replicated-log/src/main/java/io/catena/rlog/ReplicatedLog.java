package io.catena.rlog;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * One region's copy of the replicated log, Wuu and Bernstein's replicated dictionary as Message
 * Futures (§3.2.3) and Helios (§4.3.1) use it: the region appends timestamped records, ships peers
 * the records it believes they lack with its {@link Timetable}, learns what peers ship it, and
 * discards a record once its table says every region has it. Logs are transitive (a record may
 * reach a region through a third one) and no protocol lives here: the payload is opaque, and
 * shipping, receiving and clocks belong to the caller.
 *
 * <p><b>The Lamport rule.</b> A record is stamped above every timestamp the log knows,
 * {@code T[self][c]} for every origin {@code c} ({@link #nextTimestamp}). So if a region appended
 * {@code r2} after learning {@code r1}, then {@code r1.timestamp < r2.timestamp}: timestamp order
 * extends happened-before, and delivering records in (timestamp, origin) order keeps it.
 *
 * <p><b>Layout.</b> Kept records are held in memory per origin, oldest first. A region learns an
 * origin's records in timestamp order, so learning appends at the tail; discarding pops from the
 * head (records up to {@link Timetable#knownByAll}); shipping to a peer walks each origin's tail
 * back to {@code T[peer][origin]} and sorts only what it ships into (timestamp, origin) order.
 * Neither scans records it does not ship or discard.
 *
 * <p><b>Why no record is ever skipped.</b> Claim: for every origin {@code o}, the log has learned
 * every record of {@code o} up to {@code T[self][o]}. Appending keeps it. When region {@code s}
 * ships, it keeps every record of {@code o} it knows above {@code knownByAll(o) ≤ T_s[self][o]}
 * and, by the claim at {@code s}, knows every one up to {@code T_s[s][o]}; so the shipment holds
 * all of {@code o}'s records in {@code (T_s[self][o], T_s[s][o]]} (but this region's own, which it
 * has). {@code T_s[self][o]} is a lower
 * bound of what this region knew when the shipment left, hence of {@code T[self][o]} now (knowledge
 * only grows): whatever this region lacks up to {@code T_s[s][o]} is in the shipment, and the merge
 * raises {@code T[self][o]} no higher than that (every other entry of column {@code o} in the
 * sender's table is at most {@code T_s[s][o]}). The same bound makes faults harmless: a shipment
 * that is lost leaves its records above what its sender believes this region knows, so the
 * sender's next shipment carries them again; a duplicate, a late one, or one older than a shipment
 * already merged holds only records at or below {@code T[self][o]}, which are ignored, and a table
 * no larger than the one held, which changes nothing. {@link #receive} refuses a shipment whose
 * sender believes this region knows more than it does (a region that lost its log), before it
 * could open a gap; since a shipment's table has each region's own entry dominate its column, that
 * covers records of this region that it never appended.
 *
 * <p><b>Why happened-before is kept.</b> If region {@code y} appended {@code r2} after learning
 * {@code r1}, every region that knows {@code r2} has {@code T[self][r1.origin] ≥ r1.timestamp}:
 * true at {@code y}, and a region learns {@code r2} only from a sender that knew it, whose row it
 * merges into its own. By the claim it has then learned {@code r1}, before or in the same
 * shipment, where {@code r1}'s lower timestamp puts it first.
 *
 * <p>Threading: one owner, not thread-safe.
 *
 * @param <P> the protocol's record type (immutable)
 */
public final class ReplicatedLog<P> {

    private final Timetable timetable;
    /** Per origin, the records not yet known to have reached everybody, oldest first. */
    private final List<ArrayDeque<LogRecord<P>>> kept;
    private int size;

    /**
     * An empty log of region {@code self} among {@code regions} regions.
     *
     * @throws IllegalArgumentException if {@code self} is not one of the regions
     */
    public ReplicatedLog(int regions, int self) {
        this.timetable = new Timetable(regions, self);
        this.kept = new ArrayList<>(regions);
        for (int origin = 0; origin < regions; origin++) {
            kept.add(new ArrayDeque<>());
        }
    }

    /**
     * The log of region {@code self} as it was made durable before a crash: the timetable it saved
     * and the records it saved, which may be newer than the table (a region saves what it learns as
     * it learns it, and its table now and then). For each origin the records must be every record
     * the log learned above some point at or below what every region was known to have (records
     * below it may be missing: they were discarded); the log then holds every one of them it has
     * not discarded, and knows each origin at least up to its newest saved record.
     *
     * @throws IllegalArgumentException if the table covers another number of regions or a record
     *                                  names no region
     */
    public static <P> ReplicatedLog<P> restored(int regions, int self, TimetableSnapshot saved,
                                                Collection<LogRecord<P>> records) {
        ReplicatedLog<P> log = new ReplicatedLog<>(regions, self);
        log.timetable.restore(saved);
        TreeSet<LogRecord<P>> ordered = new TreeSet<>(LogRecord.ORDER);
        ordered.addAll(records);
        for (LogRecord<P> r : ordered) {
            log.timetable.learned(r.origin(), r.timestamp());
        }
        for (LogRecord<P> r : ordered) {
            if (r.timestamp() > log.timetable.knownByAll(r.origin())) {
                log.keep(r);
            }
        }
        return log;
    }

    /** This log's region index. */
    public int self() {
        return timetable.self();
    }

    /** How many regions share the log. */
    public int regions() {
        return timetable.regions();
    }

    /**
     * The timestamp to stamp a record appended now: the clock's reading, or one above the newest
     * timestamp this log knows if the clock is behind it (the Lamport rule).
     */
    public long nextTimestamp(long clockMicros) {
        return Math.max(clockMicros, timetable.newestKnown() + 1);
    }

    /**
     * Appends a record of this region.
     *
     * @return the record, as peers will learn it
     * @throws IllegalArgumentException if the timestamp is not above every timestamp this log
     *                                  knows: take {@link #nextTimestamp} instead
     */
    public LogRecord<P> append(long timestamp, P payload) {
        long newest = timetable.newestKnown();
        if (timestamp <= newest) {
            throw new IllegalArgumentException("region " + self() + " may not append at " + timestamp
                    + ": it knows a record at " + newest + ", and a record must be stamped above everything"
                    + " its region knows (take nextTimestamp(clock))");
        }
        LogRecord<P> record = new LogRecord<>(self(), timestamp, payload);
        timetable.appended(timestamp);
        keep(record);
        discardKnownByAll(self());
        return record;
    }

    /**
     * Declares that this region appended nothing up to {@code clockMicros} that the log does not
     * hold, so that peers learn its silence as knowledge: {@code T[self][self]} rises to the clock,
     * and a record appended later is stamped above it. A protocol that waits until a peer is known
     * up to a time (Helios' commit rule) needs idle regions to say so; the records kept are
     * unchanged except for those now known by everybody.
     */
    public void advance(long clockMicros) {
        timetable.advanced(clockMicros);
        discardKnownByAll(self());
    }

    /**
     * What to ship {@code peer} now: every kept record of an origin {@code o} above
     * {@code T[peer][o]}, in (timestamp, origin) order, and a copy of the timetable. The peer's own
     * records are left out, since a region knows its own records whatever this one believes.
     *
     * @throws IllegalArgumentException if the peer is this region or no region
     */
    public Shipment<P> shipmentTo(int peer) {
        Timetable.checkRegion(peer, regions());
        if (peer == self()) {
            throw new IllegalArgumentException("region " + peer + " ships nothing to itself");
        }
        List<LogRecord<P>> records = new ArrayList<>();
        for (int origin = 0; origin < regions(); origin++) {
            if (origin == peer) {
                continue;
            }
            long peerKnows = timetable.knows(peer, origin);
            Iterator<LogRecord<P>> newestFirst = kept.get(origin).descendingIterator();
            while (newestFirst.hasNext()) {
                LogRecord<P> record = newestFirst.next();
                if (record.timestamp() <= peerKnows) {
                    break;
                }
                records.add(record);
            }
        }
        records.sort(LogRecord.ORDER);
        return new Shipment<>(self(), records, timetable.snapshot());
    }

    /**
     * Learns what {@code shipment} carries: the records this log did not know, then the sender's
     * timetable; then discards every record now known to have reached every region.
     *
     * @return the records newly learned, each once, in (timestamp, origin) order; empty for a
     * duplicate or stale shipment
     * @throws IllegalArgumentException if the shipment comes from this region or covers another
     *                                  number of regions, or its sender believes this region knows
     *                                  more than it does (a region lost its log); the log is then
     *                                  unchanged
     */
    public List<LogRecord<P>> receive(Shipment<P> shipment) {
        int sender = shipment.sender();
        TimetableSnapshot table = shipment.timetable();
        if (sender == self() || table.regions() != regions()) {
            throw new IllegalArgumentException("region " + self() + " of " + regions()
                    + " regions cannot receive " + shipment);
        }
        for (int origin = 0; origin < regions(); origin++) {
            if (table.knows(self(), origin) > timetable.knows(self(), origin)) {
                throw new IllegalArgumentException("region " + sender + " believes region " + self()
                        + " knows region " + origin + " up to " + table.knows(self(), origin)
                        + ", but it knows only up to " + timetable.knows(self(), origin)
                        + " (did region " + self() + " lose its log?)");
            }
        }
        List<LogRecord<P>> learned = new ArrayList<>();
        for (LogRecord<P> record : shipment.records()) {
            if (record.timestamp() > timetable.knows(self(), record.origin())) {
                keep(record);
                learned.add(record);
            }
        }
        timetable.merge(table, sender);
        for (int origin = 0; origin < regions(); origin++) {
            discardKnownByAll(origin);
        }
        return Collections.unmodifiableList(learned);
    }

    /** How many records the log keeps: those not yet known to have reached every region. */
    public int size() {
        return size;
    }

    /** The kept records of {@code origin}, oldest first (a copy). */
    public List<LogRecord<P>> kept(int origin) {
        return List.copyOf(kept.get(origin));
    }

    /** {@code T[self][origin]}: this region has learned every record of {@code origin} up to this. */
    public long known(int origin) {
        return timetable.knows(self(), origin);
    }

    /** {@code T[region][origin]}: this region knows {@code region} has every record of {@code origin} up to this. */
    public long knownBy(int region, int origin) {
        return timetable.knows(region, origin);
    }

    /**
     * Whether {@code region} is known to have every record of this region up to {@code timestamp},
     * {@code T[region][self] ≥ timestamp} (Message Futures' commit condition asks it of every region).
     */
    public boolean seenBy(int region, long timestamp) {
        return timetable.knows(region, self()) >= timestamp;
    }

    /** The newest timestamp of {@code origin} that every region is known to have. */
    public long knownByAll(int origin) {
        return timetable.knownByAll(origin);
    }

    /** A copy of the timetable as it is now. */
    public TimetableSnapshot timetable() {
        return timetable.snapshot();
    }

    private void keep(LogRecord<P> record) {
        kept.get(record.origin()).addLast(record);
        size++;
    }

    private void discardKnownByAll(int origin) {
        long everybody = timetable.knownByAll(origin);
        ArrayDeque<LogRecord<P>> records = kept.get(origin);
        while (!records.isEmpty() && records.peekFirst().timestamp() <= everybody) {
            records.removeFirst();
            size--;
        }
    }

    @Override
    public String toString() {
        return "ReplicatedLog of region " + self() + ", " + size + " records kept, " + timetable;
    }
}
