package io.catena.server.net;

/**
 * What a client asked of its region: a read-write transaction, a snapshot read, or the outcome of
 * an earlier request whose answer it lost.
 */
public enum RequestKind {
    READ_WRITE,
    READ_ONLY,
    OUTCOME_LOOKUP
}
