package io.catena.lab.demo;

import io.catena.lab.report.ConfigFact;
import io.catena.server.config.TimeSpan;
import java.util.List;

/**
 * The load a demo or benchmark run puts on its regions.
 *
 * @param workload         the workload, as the simulator names it ({@code bank:accounts=...})
 * @param clientsPerRegion closed-loop clients per region
 * @param warmup           how long clients run before the measured run, checked but not measured
 * @param duration         how long the measured run lasts
 * @param seed             seeds the clients' transaction draws
 */
public record LoadOptions(String workload, int clientsPerRegion, TimeSpan warmup, TimeSpan duration, long seed) {

    public LoadOptions {
        if (clientsPerRegion < 1) {
            throw new IllegalArgumentException("--clients must be at least 1, not " + clientsPerRegion);
        }
        if (duration.micros() < 1_000_000) {
            throw new IllegalArgumentException("--duration must be at least 1s, not " + duration);
        }
    }

    /** What the report's header says about the load. */
    List<ConfigFact> facts() {
        return List.of(ConfigFact.duration(duration, warmup),
                new ConfigFact("clients", clientsPerRegion + " per region"),
                new ConfigFact("workload", workload),
                new ConfigFact("seed", Long.toString(seed)));
    }
}
