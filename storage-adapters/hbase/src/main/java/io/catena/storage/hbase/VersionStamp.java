package io.catena.storage.hbase;

import io.catena.core.data.Version;

/**
 * Versions as HBase cell timestamps: {@code epoch << 22 | rank}, so timestamp order is version
 * order and a read at a version is a time-range read. A commit's version must fit: rank below
 * 2<sup>22</sup> (4,194,304 transactions in one epoch's cluster) and epoch below 2<sup>41</sup> − 1
 * (with 10 ms epochs counted from the cluster's genesis, some 700 years). Versions used only as
 * read bounds or horizons ({@link Version#endOf}, {@link Version#MAX}) are clamped to the nearest
 * storable timestamp at or below them, which answers every read the same because no commit can
 * lie between the two. Timestamp {@code 0} is {@link Version#ZERO}: nothing applied. Stateless.
 */
final class VersionStamp {

    static final int RANK_BITS = 22;
    static final long MAX_RANK = (1L << RANK_BITS) - 1;
    static final long MAX_EPOCH = (1L << (63 - RANK_BITS)) - 2;
    /** Below {@code Long.MAX_VALUE}, which HBase reserves for "now"; {@code +1} still fits a time range. */
    static final long MAX_STAMP = (MAX_EPOCH << RANK_BITS) | MAX_RANK;

    private VersionStamp() {
    }

    /**
     * The timestamp of a commit's version.
     *
     * @throws IllegalArgumentException if the version does not fit, saying which part is too large
     */
    static long ofCommit(Version v) {
        if (v.rank() > MAX_RANK) {
            throw new IllegalArgumentException("version " + v + " has rank " + v.rank() + ", above " + MAX_RANK
                    + ", the largest rank the HBase layout can store as part of a cell timestamp");
        }
        if (v.epoch() > MAX_EPOCH) {
            throw new IllegalArgumentException("version " + v + " has epoch " + v.epoch() + ", above " + MAX_EPOCH
                    + ", the largest epoch the HBase layout can store as part of a cell timestamp");
        }
        return (v.epoch() << RANK_BITS) | v.rank();
    }

    /** The largest timestamp at or below {@code v}: the bound for reads and horizons. */
    static long ofBound(Version v) {
        if (v.epoch() > MAX_EPOCH) {
            return MAX_STAMP;
        }
        return (v.epoch() << RANK_BITS) | Math.min(v.rank(), MAX_RANK);
    }

    static Version toVersion(long stamp) {
        if (stamp < 0 || stamp > MAX_STAMP) {
            throw new IllegalArgumentException("cell timestamp " + stamp + " is not a Catena version stamp");
        }
        return Version.of(stamp >>> RANK_BITS, (int) (stamp & MAX_RANK));
    }

    /** How the stamp reads in the metadata cells an operator sees: {@code epoch.rank}. */
    static String text(long stamp) {
        Version v = toVersion(stamp);
        return v.epoch() + "." + v.rank();
    }
}
