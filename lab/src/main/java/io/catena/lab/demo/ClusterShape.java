package io.catena.lab.demo;

import io.catena.baselines.Protocol;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.TimeSpan;

/**
 * The shape of a cluster a run starts in this process.
 *
 * @param regions     how many regions (at most the preset's)
 * @param preset      latency preset ({@code gcp3}, {@code ec2-5}) or {@code none} for plain loopback
 * @param epochLength the protocol's epoch length
 * @param storage     each region's store; for Cassandra and HBase a local server per region is
 *                    started as a child process and removed afterwards
 * @param protocol    what the regions run: Catena or a comparison baseline
 */
public record ClusterShape(int regions, String preset, TimeSpan epochLength, StorageBackend storage,
                           Protocol protocol) {

    public ClusterShape {
        if (regions < 1) {
            throw new IllegalArgumentException("--regions must be at least 1, not " + regions);
        }
    }

    /** Three regions on the emulated GCP WAN, each on the embedded store: the evaluation's cluster. */
    public static ClusterShape gcp3(TimeSpan epochLength, Protocol protocol) {
        return new ClusterShape(3, "gcp3", epochLength, StorageBackend.MEMORY, protocol);
    }
}
