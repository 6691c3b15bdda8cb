package io.catena.lab.cli;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.protocol.Protocol;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.cli.EpochOffsetsFlag;
import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.DemoCluster;
import io.catena.harness.cli.ProtocolFlags;
import io.catena.server.config.ByteSize;
import io.catena.server.config.StorageBackend;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options {@code demo}, {@code bench} and {@code tpcc} share: the in-process cluster's shape, the seed, the history. */
final class ClusterShapeOptions {

    @Option(names = "--regions", defaultValue = "3", description = "number of regions (default: ${DEFAULT-VALUE})")
    int regions;

    @Option(names = "--preset", defaultValue = "gcp3",
            description = "latency matrix: gcp3, ec2-5, or none for plain loopback (default: ${DEFAULT-VALUE})")
    String preset;

    /** One flag per protocol setting, as catena-sim has them. */
    @Mixin
    ProtocolFlags settings;

    @Option(names = ProtocolKeys.EPOCH_OFFSETS_FLAG, defaultValue = "none", paramLabel = "OFFSETS",
            description = EpochOffsetsFlag.DESCRIPTION)
    String epochOffsets;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the clients' draws (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--storage", defaultValue = "memory", paramLabel = "STORE", converter = StorageBackendConverter.class,
            description = "each region's store: memory, or cassandra / hbase to start a local server per region as a "
                    + "child process, removed on exit (default: ${DEFAULT-VALUE})")
    StorageBackend storage;

    @Option(names = "--store-servers", paramLabel = "N",
            description = "with cassandra or hbase: how many local servers the regions share, each region in a "
                    + "keyspace or namespace of its own; 1 keeps a 2-core machine from running three store JVMs "
                    + "that compete for its cores with each other and with the protocol (default: one per region)")
    int storeServers;

    @Option(names = "--chain-server-memory", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "what each region's chain servers keep in memory together, e.g. 8MiB; beyond it idle keys "
                    + "are evicted and loaded again from the store when next touched (default: the region's share of "
                    + "40 %% of the heap)")
    ByteSize chainServerMemory;

    @Option(names = "--protocol", defaultValue = "catena", paramLabel = "NAME", converter = ProtocolConverter.class,
            description = "what the regions run: catena, the paper's baselines 2pl / occ (Paxos Commit over "
                    + "two-phase locking / optimistic concurrency control), or helios (Helios-0, shipping its log "
                    + "every epoch length) (default: ${DEFAULT-VALUE})")
    Protocol protocol;

    @Option(names = "--history-out", paramLabel = "FILE",
            description = "write the client-observed history (JSON lines, docs/PROTOCOL.md) to FILE")
    Path historyOut;

    /**
     * The in-process cluster these options describe; {@code --epoch-offsets auto} from the
     * latency preset's regions that the run starts.
     */
    ClusterShape shape() {
        LatencyMatrix matrix = DemoCluster.matrix(preset, regions);
        List<Long> offsets = EpochOffsetsFlag.parse(epochOffsets, DemoCluster.regionNames(matrix, regions),
                Optional.ofNullable(matrix));
        return new ClusterShape(regions, preset, settings.values(), storage, protocol, storeServers,
                chainServerMemory == null ? 0 : chainServerMemory.bytes(), offsets);
    }
}
