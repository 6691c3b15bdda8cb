package io.catena.core.rlog;

import io.catena.core.id.RegionId;
import java.util.Arrays;

/**
 * The Replicated Dictionary's timetable: row {@code i} is what this region knows that region
 * {@code i} holds of every region's records ("i holds records of j through epoch T[i][j]").
 * A region's own row is exact; the others are lower bounds learnt from epoch messages. Senders
 * use it to ship only what a peer lacks, and everyone uses its column minima to forget records
 * that all regions hold. Immutable.
 */
public final class Timetable {

    private final EpochVector[] rows;

    private Timetable(EpochVector[] rows) {
        this.rows = rows;
    }

    public static Timetable zeros(int regions) {
        EpochVector[] rows = new EpochVector[regions];
        Arrays.fill(rows, EpochVector.zeros(regions));
        return new Timetable(rows);
    }

    public static Timetable of(EpochVector... rows) {
        return new Timetable(rows.clone());
    }

    public int size() {
        return rows.length;
    }

    public EpochVector row(RegionId region) {
        return rows[region.index()];
    }

    /** What {@code holder} is known to hold of {@code origin}'s records. */
    public long holds(RegionId holder, RegionId origin) {
        return rows[holder.index()].get(origin);
    }

    public Timetable withRow(RegionId region, EpochVector row) {
        EpochVector[] next = rows.clone();
        next[region.index()] = row;
        return new Timetable(next);
    }

    /** Element-wise maximum: knowledge only grows. */
    public Timetable merge(Timetable other) {
        EpochVector[] next = new EpochVector[rows.length];
        for (int i = 0; i < rows.length; i++) {
            next[i] = rows[i].max(other.rows[i]);
        }
        return new Timetable(next);
    }

    /** The epoch through which every region holds {@code origin}'s records. */
    public long heldByAll(RegionId origin) {
        long m = Long.MAX_VALUE;
        for (EpochVector row : rows) {
            m = Math.min(m, row.get(origin));
        }
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Timetable t && Arrays.equals(rows, t.rows);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(rows);
    }

    @Override
    public String toString() {
        return Arrays.toString(rows);
    }
}
