package io.catena.server.region;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.protocol.Protocol;
import io.catena.server.config.ClusterFingerprint;
import io.catena.server.host.MicrosClock;

/**
 * What every region of a cluster must share, and peers compare at handshake: the cluster's name,
 * the protocol it runs with its settings, and when its epoch 1 begins.
 *
 * <p>Two clocks count from genesis. The <em>cluster clock</em> is the same in every region: it is
 * what regions compare with each other — the reading in a Hello that {@code ClockSkewCheck}
 * judges, the reading in a Welcome that clients stamp their requests with, the clock a peer's
 * epochs are checked against ({@code PeerMessageCheck}) — so none of that changes with epoch
 * offsets. A region's <em>protocol clock</em> is the cluster clock run ahead by the region's epoch
 * offset ({@link ClusterConfig#epochOffsetMicros}, docs/PROTOCOL.md "Epoch offsets"): its nodes
 * read it, so its epochs end that much earlier. Offsets are never negative, so every protocol
 * clock is at or ahead of the cluster clock, and a request's issue time on the cluster clock is
 * never later than the truth on any coordinator's clock, which the copy window relies on.
 *
 * @param name          the cluster name peers must share
 * @param protocol      the cluster-wide protocol settings
 * @param algorithm     which protocol the regions run: Catena, a comparison baseline or Helios
 * @param genesisMicros when the cluster's epoch 1 begins, in microseconds since the Unix epoch
 */
public record ClusterIdentity(String name, ClusterConfig protocol, Protocol algorithm, long genesisMicros) {

    public ClusterIdentity {
        if (algorithm == null) {
            throw new IllegalArgumentException("a region runs a protocol, Catena or another, not null");
        }
    }

    /** The cluster clock: time since its genesis, the same in every region. */
    public MicrosClock clusterClock() {
        return MicrosClock.system().since(genesisMicros);
    }

    /** The clock {@code region}'s protocol nodes read: the cluster clock, its epoch offset ahead. */
    public MicrosClock protocolClock(RegionId region) {
        return MicrosClock.system().since(genesisMicros - protocol.epochOffsetMicros(region));
    }

    /** What every region of the cluster must share, as peers compare it at handshake. */
    public ClusterFingerprint fingerprint() {
        return ClusterFingerprint.of(name, protocol, algorithm);
    }
}
