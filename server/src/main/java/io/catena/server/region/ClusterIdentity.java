package io.catena.server.region;

import io.catena.core.config.ClusterConfig;
import io.catena.core.protocol.Protocol;
import io.catena.server.config.ClusterFingerprint;
import io.catena.server.host.MicrosClock;

/**
 * What every region of a cluster must share, and peers compare at handshake: the cluster's name,
 * the protocol it runs with its settings, and when its epoch 1 begins.
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

    /** The clock the cluster's nodes read: time since its genesis. */
    public MicrosClock protocolClock() {
        return MicrosClock.system().since(genesisMicros);
    }

    /** What every region of the cluster must share, as peers compare it at handshake. */
    public ClusterFingerprint fingerprint() {
        return ClusterFingerprint.of(name, protocol, algorithm);
    }
}
