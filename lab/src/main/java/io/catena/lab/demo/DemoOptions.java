package io.catena.lab.demo;

import io.catena.baselines.Protocol;
import io.catena.server.config.TimeSpan;
import io.catena.server.config.StorageBackend;
import java.nio.file.Path;

/**
 * What {@code catena demo} (or {@code catena bench} on an in-process cluster) runs.
 *
 * @param command          the command's name, for the report's title
 * @param regions          how many regions (at most the preset's)
 * @param preset           latency preset ({@code gcp3}, {@code ec2-5}) or {@code none} for plain loopback
 * @param warmup           how long clients run before the measured run, checked but not measured
 * @param duration         how long the measured run lasts
 * @param workload         the workload, as the simulator names it ({@code bank:accounts=...})
 * @param clientsPerRegion closed-loop clients per region
 * @param epochLength      the protocol's epoch length
 * @param seed             seeds the clients' transaction draws
 * @param historyOut       where to write the client-observed history, or null
 * @param report           where to write the HTML report, or null for none
 * @param openBrowser      whether to try to open the report in a browser
 * @param storage          each region's store; for Cassandra and HBase a local server per region is
 *                         started as a child process and removed afterwards
 * @param protocol         what the regions run: Catena or a comparison baseline
 */
public record DemoOptions(String command, int regions, String preset, TimeSpan warmup, TimeSpan duration,
                          String workload, int clientsPerRegion, TimeSpan epochLength, long seed, Path historyOut,
                          Path report, boolean openBrowser, StorageBackend storage, Protocol protocol) {

    public DemoOptions {
        if (regions < 1) {
            throw new IllegalArgumentException("--regions must be at least 1, not " + regions);
        }
        if (clientsPerRegion < 1) {
            throw new IllegalArgumentException("--clients must be at least 1, not " + clientsPerRegion);
        }
        if (duration.micros() < 1_000_000) {
            throw new IllegalArgumentException("--duration must be at least 1s, not " + duration);
        }
    }
}
