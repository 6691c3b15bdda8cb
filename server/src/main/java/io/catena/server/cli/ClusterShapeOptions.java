package io.catena.server.cli;

import io.catena.server.config.TimeSpan;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options {@code demo} and {@code bench} share: the in-process cluster's shape, the seed, the history. */
final class ClusterShapeOptions {

    @Option(names = "--regions", defaultValue = "3", description = "number of regions (default: ${DEFAULT-VALUE})")
    int regions;

    @Option(names = "--preset", defaultValue = "gcp3",
            description = "latency matrix: gcp3, ec2-5, or none for plain loopback (default: ${DEFAULT-VALUE})")
    String preset;

    @Option(names = "--epoch", defaultValue = "10ms", converter = TimeSpanConverter.class,
            description = "epoch length (default: ${DEFAULT-VALUE})")
    TimeSpan epoch;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the clients' draws (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--history-out", paramLabel = "FILE",
            description = "write the client-observed history (JSON lines, docs/PROTOCOL.md) to FILE")
    Path historyOut;
}
