package io.catena.simulation.run;

import io.catena.coordinator.CoordinatorStats;

/**
 * How often a run met the byte bounds, summed over its coordinators (a coordinator that crashed
 * takes its counts with it): transactions refused as too large, transactions that waited for a
 * later record and records that left some waiting, order votes that waited or were too large,
 * epoch messages that left a due record for a later epoch, and read-only answers refused for not
 * fitting in a frame.
 *
 * @param seeds seeds summed, and how many of them met a bound
 */
public record BoundHits(long seeds, long seedsHit, long txnsTooLarge, long txnsDeferred, long recordsFull,
                        long votesDeferred, long votesTooLarge, long epochMessagesFull, long readsTooLarge) {

    public static final BoundHits NONE = new BoundHits(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** One coordinator's counts, as one seed's share. */
    public static BoundHits of(CoordinatorStats s) {
        return new BoundHits(0, 0, s.txnsTooLarge, s.txnsDeferred, s.recordsFull, s.votesDeferred, s.votesTooLarge,
                s.epochMessagesFull, s.readOnlyTooLarge);
    }

    /** Counts of one seed: {@code seeds} is 1, {@code seedsHit} 1 if any bound was met. */
    public BoundHits asSeed() {
        boolean hit = txnsTooLarge + txnsDeferred + recordsFull + votesDeferred + votesTooLarge + epochMessagesFull
                + readsTooLarge > 0;
        return new BoundHits(1, hit ? 1 : 0, txnsTooLarge, txnsDeferred, recordsFull, votesDeferred, votesTooLarge,
                epochMessagesFull, readsTooLarge);
    }

    public BoundHits plus(BoundHits o) {
        return new BoundHits(seeds + o.seeds, seedsHit + o.seedsHit, txnsTooLarge + o.txnsTooLarge,
                txnsDeferred + o.txnsDeferred, recordsFull + o.recordsFull, votesDeferred + o.votesDeferred,
                votesTooLarge + o.votesTooLarge, epochMessagesFull + o.epochMessagesFull,
                readsTooLarge + o.readsTooLarge);
    }

    public String line() {
        return "byte bounds met in " + seedsHit + " of " + seeds + " seeds: txns refused=" + txnsTooLarge
                + " txns deferred=" + txnsDeferred + " full records=" + recordsFull + " votes deferred="
                + votesDeferred + " votes too large=" + votesTooLarge + " full epoch messages=" + epochMessagesFull
                + " read-only answers refused=" + readsTooLarge;
    }
}
