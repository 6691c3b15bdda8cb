package io.catena.core.data;

/**
 * Position of a committed transaction in the decided serialization order: the execution epoch it
 * belongs to and its rank inside the conflict cluster that was decided for that epoch.
 *
 * <p>Every region assigns the same version to the same transaction, because both parts are
 * functions of the replicated log. Transactions of one epoch that share no chain key may share a
 * version; they never write the same chain key, so per-key histories stay totally ordered and
 * every prefix {@code version <= v} is a consistent cut of the serialization order.
 */
public record Version(long epoch, int rank) implements Comparable<Version> {

    /** Before every transaction: the state a fresh store starts from. */
    public static final Version ZERO = new Version(0, 0);

    /** After every rank of every epoch: used as an open upper bound. */
    public static final Version MAX = new Version(Long.MAX_VALUE, Integer.MAX_VALUE);

    public Version {
        if (epoch < 0 || rank < 0) {
            throw new IllegalArgumentException("version parts must be non-negative: " + epoch + "." + rank);
        }
    }

    public static Version of(long epoch, int rank) {
        return new Version(epoch, rank);
    }

    /** The last version of the given epoch: every transaction of that epoch is at or below it. */
    public static Version endOf(long epoch) {
        return new Version(epoch, Integer.MAX_VALUE);
    }

    /** The greatest version strictly below the first rank of {@code epoch}. */
    public static Version beforeEpoch(long epoch) {
        return epoch == 0 ? ZERO : endOf(epoch - 1);
    }

    /** The greatest version strictly below this one. */
    public Version predecessor() {
        if (rank > 0) {
            return new Version(epoch, rank - 1);
        }
        return beforeEpoch(epoch);
    }

    public boolean isAfter(Version other) {
        return compareTo(other) > 0;
    }

    public boolean isBefore(Version other) {
        return compareTo(other) < 0;
    }

    public static Version max(Version a, Version b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    public static Version min(Version a, Version b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    @Override
    public int compareTo(Version other) {
        int c = Long.compare(epoch, other.epoch);
        return c != 0 ? c : Integer.compare(rank, other.rank);
    }

    @Override
    public String toString() {
        if (rank == Integer.MAX_VALUE) {
            return "v" + epoch + ".*";
        }
        return "v" + epoch + "." + rank;
    }
}
