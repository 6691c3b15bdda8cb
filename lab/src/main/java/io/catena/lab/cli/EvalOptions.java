package io.catena.lab.cli;

import io.catena.core.protocol.Protocol;
import io.catena.server.config.TimeSpan;
import io.catena.lab.eval.EvalSettings;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The options every {@code catena eval} figure shares. */
final class EvalOptions {

    @Option(names = "--protocols", defaultValue = "catena,2pl,occ", split = ",", paramLabel = "NAMES",
            converter = ProtocolConverter.class,
            description = "the protocols compared, in the same command (default: ${DEFAULT-VALUE})")
    List<Protocol> protocols;

    @Option(names = "--warmup", defaultValue = "3s", converter = TimeSpanConverter.class,
            description = "warm-up of every run, not measured (default: ${DEFAULT-VALUE})")
    TimeSpan warmup;

    @Option(names = "--duration", defaultValue = "8s", converter = TimeSpanConverter.class,
            description = "measured time of every run (default: ${DEFAULT-VALUE})")
    TimeSpan duration;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the clients' draws (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--out", defaultValue = "eval", paramLabel = "DIR",
            description = "where the CSV and the SVG charts go (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = {"-v", "--verbose"}, description = "log what the nodes do, and show stack traces on errors")
    boolean verbose;

    EvalSettings settings() {
        return new EvalSettings(protocols, warmup, duration, seed, out);
    }
}
