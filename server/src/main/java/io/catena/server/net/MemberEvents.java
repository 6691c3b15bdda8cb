package io.catena.server.net;

import io.catena.wire.ProcessRole;

/**
 * What a process of a split region learns about its connections with the region's other
 * processes (its members): links made and lost in either direction, and frames heard. Nothing
 * inside a region retransmits what a broken connection lost, so a chain-server process restarts
 * its chain servers on these events (see {@code region.ChainServerRejoin}).
 *
 * <p>Threading: called on Netty's event loops, concurrently; implementations must be thread-safe
 * and quick.
 */
public interface MemberEvents {

    /** Ignores everything: a region in one process has no members. */
    MemberEvents NONE = new MemberEvents() {
        @Override
        public void connected(ProcessRole member) {
        }

        @Override
        public void lost(ProcessRole member) {
        }

        @Override
        public void heard(ProcessRole member) {
        }
    };

    /** A connection to or from {@code member} completed its handshake. */
    void connected(ProcessRole member);

    /** A connection to or from {@code member} that had completed its handshake closed. */
    void lost(ProcessRole member);

    /** A frame arrived from {@code member}. */
    void heard(ProcessRole member);
}
