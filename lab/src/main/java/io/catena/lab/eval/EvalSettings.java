package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;
import io.catena.server.config.TimeSpan;
import java.nio.file.Path;
import java.util.List;

/**
 * What every evaluation command shares: the protocols compared, how long each run warms up and
 * is measured, the seed, and where the CSV and charts go.
 */
public record EvalSettings(List<Protocol> protocols, TimeSpan warmup, TimeSpan duration, long seed, Path outDir) {

    public EvalSettings {
        protocols = List.copyOf(protocols);
        if (protocols.isEmpty()) {
            throw new IllegalArgumentException("--protocols names at least one protocol");
        }
        if (duration.micros() < 1_000_000) {
            throw new IllegalArgumentException("--duration must be at least 1s, not " + duration);
        }
    }
}
