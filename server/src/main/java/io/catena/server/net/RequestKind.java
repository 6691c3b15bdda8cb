package io.catena.server.net;

/** What a client asked of its region: a read-write transaction or a snapshot read. */
public enum RequestKind {
    READ_WRITE,
    READ_ONLY
}
