package io.catena.coordinator;

/** Counters a coordinator keeps for figures and metrics. Written only on the coordinator's thread. */
public final class CoordinatorStats {
    public long txnsReceived;
    public long txnsScheduled;
    public long txnsRejected;
    public long txnsDropped;
    public long duplicateRequests;
    /** Outcome queries received, resent ones included. */
    public long outcomeLookups;
    /** Cancellations outcome lookups queued for this region's records. */
    public long cancellations;
    public long nonConflicting;
    public long conflicting;
    public long committed;
    public long aborted;
    public long keysDecidedByMajority;
    public long keysDecidedByFallback;
    public long clustersDecided;
    public long membersInCycles;
    public long recordsSent;
    public long recordsRetransmitted;
    public long recordsRelayed;
    public long epochMessageBytes;
    public long abandonVotes;
    public long readOnlyQueries;
    public long readOnlyRetries;
    /** Read-only answers refused for being larger than a frame may be. */
    public long readOnlyTooLarge;
    public long commitPassRedrives;
    /** Transactions refused on arrival for being larger than {@code maxTransactionBytes}. */
    public long txnsTooLarge;
    /** Transactions logged in a later epoch than they arrived in, for lack of room in a record. */
    public long txnsDeferred;
    /** Copies of requests left out because they came later than their copy window ({@code CopyWindow}). */
    public long lateCopies;
    /** Records closed with transactions of their epoch left waiting for lack of room. */
    public long recordsFull;
    /** Records closed without the transactions waiting for them, because some region's backlog was above the bound. */
    public long recordsHeldBack;
    /** The largest backlog this region had when it closed a record: epochs scheduled and not yet applied. */
    public long maxBacklogEpochs;
    /** Order votes left waiting for a later record, counted at every record that left them. */
    public long votesDeferred;
    /** Order votes too large for any record, dropped. */
    public long votesTooLarge;
    /** Epoch messages that left a due record for a later epoch for lack of room. */
    public long epochMessagesFull;
    /** Membership changes announced to the chain servers. */
    public long membershipChanges;
    /** Membership changes refused: their map places keys by other positions than the region's. */
    public long membershipChangesRefused;
    /** Membership changes handed off, and how long their moved keys waited in all, from announcement to handoff. */
    public long handoffs;
    public long handoffWaitMicros;
    /** 1 once this coordinator stepped down: a write of its leader term was fenced by a later term's. */
    public long steppedDown;

    /** A copy, for a reader on another thread: the node keeps counting in this one. */
    public CoordinatorStats copy() {
        CoordinatorStats c = new CoordinatorStats();
        c.txnsReceived = txnsReceived;
        c.txnsScheduled = txnsScheduled;
        c.txnsRejected = txnsRejected;
        c.txnsDropped = txnsDropped;
        c.duplicateRequests = duplicateRequests;
        c.nonConflicting = nonConflicting;
        c.conflicting = conflicting;
        c.committed = committed;
        c.aborted = aborted;
        c.keysDecidedByMajority = keysDecidedByMajority;
        c.keysDecidedByFallback = keysDecidedByFallback;
        c.clustersDecided = clustersDecided;
        c.membersInCycles = membersInCycles;
        c.recordsSent = recordsSent;
        c.recordsRetransmitted = recordsRetransmitted;
        c.recordsRelayed = recordsRelayed;
        c.epochMessageBytes = epochMessageBytes;
        c.abandonVotes = abandonVotes;
        c.readOnlyQueries = readOnlyQueries;
        c.readOnlyRetries = readOnlyRetries;
        c.readOnlyTooLarge = readOnlyTooLarge;
        c.commitPassRedrives = commitPassRedrives;
        c.txnsTooLarge = txnsTooLarge;
        c.txnsDeferred = txnsDeferred;
        c.lateCopies = lateCopies;
        c.recordsFull = recordsFull;
        c.recordsHeldBack = recordsHeldBack;
        c.maxBacklogEpochs = maxBacklogEpochs;
        c.votesDeferred = votesDeferred;
        c.votesTooLarge = votesTooLarge;
        c.epochMessagesFull = epochMessagesFull;
        c.membershipChanges = membershipChanges;
        c.membershipChangesRefused = membershipChangesRefused;
        c.handoffs = handoffs;
        c.handoffWaitMicros = handoffWaitMicros;
        c.steppedDown = steppedDown;
        return c;
    }
}
