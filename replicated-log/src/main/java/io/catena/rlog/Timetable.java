package io.catena.rlog;

/**
 * A region's N×N timetable, Wuu and Bernstein's two-dimensional time table (the dissertation's
 * §3.2.3 and §4.3.1): entry {@code T[b][c] = τ} means that region {@code self}, the owner, knows
 * that region {@code b} knows every record of region {@code c} up to timestamp {@code τ}. Row
 * {@code self} is the owner's own knowledge; {@code T[self][self]} is its newest own record.
 *
 * <p>Every entry of another row is a <em>lower bound</em> of the truth: it was copied, directly or
 * through other regions, from a table that {@code b} itself once held, and a region's knowledge
 * only grows. Entries only grow too, so merging an old table again changes nothing. Timestamps are
 * whatever monotone number the protocol stamps its records with (microseconds of the origin's
 * clock, say); {@code 0} means "no record", so real timestamps are positive.
 *
 * <p>Invariants: row {@code self} dominates every column ({@code T[self][c] ≥ T[b][c]}), since what
 * the owner knows that another region knows, the owner has learned as well; and each region's own
 * entry dominates its column ({@code T[c][c] ≥ T[b][c]}), since every belief about {@code c}'s
 * records was copied from some table's row, and every row's entry for {@code c} from {@code c}'s
 * own. Appending and merging keep both: a maximum of tables that satisfy them does.
 *
 * <p>Threading: one owner, not thread-safe.
 */
public final class Timetable {

    private final int self;
    private final long[][] entries;

    /**
     * An empty table of {@code regions} regions, owned by region {@code self}.
     *
     * @throws IllegalArgumentException if {@code self} is not one of the regions
     */
    public Timetable(int regions, int self) {
        if (regions < 1) {
            throw new IllegalArgumentException("a timetable has at least one region: " + regions);
        }
        checkRegion(self, regions);
        this.self = self;
        this.entries = new long[regions][regions];
    }

    /** The owner's region index. */
    public int self() {
        return self;
    }

    /** How many regions the table covers. */
    public int regions() {
        return entries.length;
    }

    /** {@code T[self][self]}: the owner's newest own record ({@code 0}: none yet). */
    public long own() {
        return entries[self][self];
    }

    /** {@code T[region][origin]}: every record of {@code origin} up to this, {@code region} is known to know. */
    public long knows(int region, int origin) {
        return entries[region][origin];
    }

    /**
     * The newest timestamp every region is known to know of {@code origin}: the minimum of its
     * column. A record of {@code origin} at or below it has reached everybody and can be discarded.
     */
    public long knownByAll(int origin) {
        long min = Long.MAX_VALUE;
        for (long[] row : entries) {
            min = Math.min(min, row[origin]);
        }
        return min;
    }

    /**
     * The newest timestamp the owner knows of any origin, {@code max_c T[self][c]}: what a record
     * it appends must be stamped above, so that happened-before implies timestamp order.
     */
    public long newestKnown() {
        long max = 0;
        for (long entry : entries[self]) {
            max = Math.max(max, entry);
        }
        return max;
    }

    /**
     * Records that the owner appended a record at {@code timestamp}.
     *
     * @throws IllegalArgumentException if the timestamp is not above the owner's newest record
     */
    public void appended(long timestamp) {
        if (timestamp <= own()) {
            throw new IllegalArgumentException("region " + self + " appended at " + timestamp
                    + ", not above its newest record at " + own());
        }
        entries[self][self] = timestamp;
    }

    /**
     * Records that the owner has no record up to {@code timestamp} beyond those it appended: its
     * own entry rises to it, if it is higher. Records appended later are stamped above it.
     */
    public void advanced(long timestamp) {
        entries[self][self] = Math.max(entries[self][self], timestamp);
    }

    /**
     * Merges the table {@code sender} shipped: the element-wise maximum (whatever the sender knew
     * anyone knows is known), then row {@code self} raised to row {@code sender} (the owner has now
     * learned everything the sender knew). The caller must have taken the shipment's records first.
     *
     * @return whether any entry grew; {@code false} for a duplicate or a table older than one merged
     * @throws IllegalArgumentException if the table covers another number of regions, or the sender
     *                                  is the owner or no region
     */
    public boolean merge(TimetableSnapshot received, int sender) {
        if (received.regions() != regions()) {
            throw new IllegalArgumentException("a table of " + received.regions()
                    + " regions cannot merge into one of " + regions());
        }
        checkRegion(sender, regions());
        if (sender == self) {
            throw new IllegalArgumentException("region " + self + " merges no table from itself");
        }
        boolean grew = false;
        for (int b = 0; b < regions(); b++) {
            for (int c = 0; c < regions(); c++) {
                if (received.knows(b, c) > entries[b][c]) {
                    entries[b][c] = received.knows(b, c);
                    grew = true;
                }
            }
        }
        for (int c = 0; c < regions(); c++) {
            if (entries[sender][c] > entries[self][c]) {
                entries[self][c] = entries[sender][c];
                grew = true;
            }
        }
        return grew;
    }

    /**
     * Takes back a table the owner saved before a crash: every entry rises to the saved one. The
     * saved table kept the invariants, so the maximum with this one does.
     *
     * @throws IllegalArgumentException if the saved table covers another number of regions
     */
    public void restore(TimetableSnapshot saved) {
        if (saved.regions() != regions()) {
            throw new IllegalArgumentException("a saved table of " + saved.regions()
                    + " regions cannot restore one of " + regions());
        }
        for (int b = 0; b < regions(); b++) {
            for (int c = 0; c < regions(); c++) {
                entries[b][c] = Math.max(entries[b][c], saved.knows(b, c));
            }
        }
    }

    /**
     * Records that the owner holds every record of {@code origin} up to {@code timestamp} (it saved
     * them after the table it restored). The origin knows its own records that far, so its entry
     * rises too, which keeps its column dominated by it.
     */
    public void learned(int origin, long timestamp) {
        checkRegion(origin, regions());
        entries[self][origin] = Math.max(entries[self][origin], timestamp);
        entries[origin][origin] = Math.max(entries[origin][origin], timestamp);
    }

    /** An immutable copy of the table as it is now, to ship. */
    public TimetableSnapshot snapshot() {
        long[][] copy = new long[regions()][];
        for (int b = 0; b < regions(); b++) {
            copy[b] = entries[b].clone();
        }
        return TimetableSnapshot.adopt(copy);
    }

    static void checkRegion(int region, int regions) {
        if (region < 0 || region >= regions) {
            throw new IllegalArgumentException("no region " + region + " among " + regions);
        }
    }

    @Override
    public String toString() {
        return "Timetable of " + self + " " + snapshot();
    }
}
