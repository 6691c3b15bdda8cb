package io.catena.rlog;

import java.util.Arrays;

/**
 * An immutable copy of a region's {@link Timetable}, as a {@link Shipment} carries it: entry
 * {@code [b][c]} is the sender's lower bound on the newest record of region {@code c} that region
 * {@code b} knows, {@code 0} for none. Shipments may be duplicated and held by anyone, so the copy
 * never changes once made, and {@link #of} copies what it is given.
 *
 * <p>Threading: immutable, safe to share.
 */
public final class TimetableSnapshot {

    private final long[][] entries;

    private TimetableSnapshot(long[][] entries) {
        this.entries = entries;
    }

    /**
     * A snapshot of these entries, copied (for a codec, or a test): a square matrix of at least one
     * region with no negative entry.
     *
     * @throws IllegalArgumentException if the matrix is not square or holds a negative timestamp
     */
    public static TimetableSnapshot of(long[][] entries) {
        int regions = entries.length;
        if (regions == 0) {
            throw new IllegalArgumentException("a timetable has at least one region");
        }
        long[][] copy = new long[regions][];
        for (int b = 0; b < regions; b++) {
            if (entries[b].length != regions) {
                throw new IllegalArgumentException("a timetable is square: row " + b + " has "
                        + entries[b].length + " entries, not " + regions);
            }
            for (int c = 0; c < regions; c++) {
                if (entries[b][c] < 0) {
                    throw new IllegalArgumentException("timestamps are not negative: [" + b + "][" + c
                            + "] = " + entries[b][c]);
                }
            }
            copy[b] = entries[b].clone();
        }
        return new TimetableSnapshot(copy);
    }

    /** A snapshot that takes ownership of rows the caller made and will not touch again. */
    static TimetableSnapshot adopt(long[][] entries) {
        return new TimetableSnapshot(entries);
    }

    /** How many regions the table covers. */
    public int regions() {
        return entries.length;
    }

    /**
     * What the table's owner knows that {@code region} knows of {@code origin}'s records: every one
     * up to this timestamp ({@code 0}: none).
     */
    public long knows(int region, int origin) {
        return entries[region][origin];
    }

    /** The entries as a new matrix, for a codec. */
    public long[][] toArray() {
        long[][] copy = new long[entries.length][];
        for (int b = 0; b < entries.length; b++) {
            copy[b] = entries[b].clone();
        }
        return copy;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TimetableSnapshot that && Arrays.deepEquals(entries, that.entries);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(entries);
    }

    @Override
    public String toString() {
        return Arrays.deepToString(entries);
    }
}
