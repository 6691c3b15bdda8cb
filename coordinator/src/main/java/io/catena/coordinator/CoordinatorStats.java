package io.catena.coordinator;

/** Counters a coordinator keeps for figures and metrics. */
public final class CoordinatorStats {
    public long txnsReceived;
    public long txnsScheduled;
    public long txnsRejected;
    public long txnsDropped;
    public long duplicateRequests;
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
    public long commitPassRedrives;
}
