package io.catena.client.internal;

import io.catena.client.HostAndPort;
import java.util.List;

/**
 * The order in which a connection tries its region's hosts: round-robin from the host after the
 * last one used, so a failover moves on instead of knocking again on the door that just closed. A
 * round is one try of every host; a failed round makes the connection pause before the next.
 * Not thread-safe: the session's lock guards it.
 */
final class HostRotation {

    private final List<HostAndPort> hosts;
    private int cursor;
    private int triedThisRound;

    HostRotation(List<HostAndPort> hosts) {
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("a rotation needs at least one host");
        }
        this.hosts = List.copyOf(hosts);
    }

    /** The host to try next. */
    HostAndPort next() {
        HostAndPort host = hosts.get(cursor);
        cursor = (cursor + 1) % hosts.size();
        triedThisRound++;
        return host;
    }

    /** Whether every host has been tried since the round began. */
    boolean roundFinished() {
        return triedThisRound >= hosts.size();
    }

    /** Begins a new round: after a success, or after the pause that follows a failed round. */
    void newRound() {
        triedThisRound = 0;
    }
}
