package io.catena.logkit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import java.util.List;
import java.util.Map;

/**
 * What sets one log protocol apart from another: when a region's pending transaction may commit,
 * and at which version a commit is applied. Everything else (the request, the conflict checks, the
 * log and its shipments, durability, recovery, read-only transactions) is the {@link LogNode}'s,
 * shared.
 *
 * <p>A rule's versions must order every dependency between committed transactions, from the
 * earlier to the later: then version order is a serial order, and a read at a log position sees a
 * prefix of it. Each protocol's section of PROTOCOL.md proves that for its rule.
 *
 * <p>Stateless; called on the node's thread.
 */
public interface CommitRule {

    /** The protocol's name in reasons given to clients, such as "Helios". */
    String protocol();

    /** The reserved table of the region's stable records; the planner keeps transactions off "__" tables. */
    String table();

    /** What the rule says of a pending transaction at this step. */
    enum Verdict { COMMIT, WAIT, ABORT }

    /**
     * Judges one of the region's own pending transactions, oldest request first; the walk stops at
     * the first that must wait, so a rule must never let a later request commit before an earlier
     * one that waits.
     */
    Verdict judge(Candidate t, LogState state);

    /**
     * The version a committed transaction is applied at, from its origin and the timestamps of its
     * pending and finished records.
     */
    Version version(int origin, long pendingAt, long finishedAt);

    /**
     * The least timestamp the version of a pending transaction stamped {@code pendingAt} can take
     * if it commits: reads at a position below it need not wait for it.
     */
    long versionAtLeast(long pendingAt);

    /** A pending transaction of the region's own, as a rule sees it. */
    interface Candidate {

        /** Its pending record's timestamp. */
        long pendingAt();

        /** The timestamp of the last shipment this region built before the request (Message Futures' LPT). */
        long shippedBefore();

        /** The keys it read or overwrote, with their versions then. */
        Map<ChainKey, Version> observed();
    }

    /** What the region knows, as a rule may ask it. */
    interface LogState {

        /** This region's index. */
        int self();

        /** The other regions' indexes. */
        List<Integer> peers();

        /** The newest timestamp of {@code origin}'s records this region has ({@code T[self][origin]}). */
        long known(int origin);

        /** The newest timestamp of {@code origin}'s records this region knows {@code region} has. */
        long knownBy(int region, int origin);

        /** The version of the key's last commit applied here (the key is in memory while its transaction pends). */
        Version applied(ChainKey key);
    }
}
