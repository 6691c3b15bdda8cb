package io.catena.lab.demo;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.core.protocol.Protocol;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.TimeSpan;
import java.util.List;
import java.util.Map;

/**
 * The shape of a cluster a run starts in this process.
 *
 * @param regions  how many regions (at most the preset's)
 * @param preset   latency preset ({@code gcp3}, {@code ec2-5}) or {@code none} for plain loopback
 * @param settings the protocol settings given, each in its key's unit; the others keep their keys' defaults
 * @param storage  each region's store; for Cassandra and HBase local servers are started as child
 *                 processes and removed afterwards
 * @param protocol what the regions run: Catena or a comparison baseline
 * @param storeServers how many local Cassandra or HBase servers the regions share, region {@code i}
 *                 on server {@code i mod storeServers} in a keyspace or namespace of its own; 0 for one
 *                 per region
 * @param chainServerMemory bytes each region's chain servers keep in memory together; 0 for the
 *                 default (the region's share of 40 % of the heap)
 * @param epochOffsetsMicros how far each region's epochs run ahead on purpose, one per region in
 *                 region order ({@code --epoch-offsets}); empty for none
 */
public record ClusterShape(int regions, String preset, Map<SettingKey, Long> settings, StorageBackend storage,
                           Protocol protocol, int storeServers, long chainServerMemory, List<Long> epochOffsetsMicros) {

    public ClusterShape {
        if (regions < 1) {
            throw new IllegalArgumentException("--regions must be at least 1, not " + regions);
        }
        if (chainServerMemory < 0) {
            throw new IllegalArgumentException("--chain-server-memory must be a size, not " + chainServerMemory);
        }
        if (storeServers < 0 || storeServers > regions) {
            throw new IllegalArgumentException("--store-servers must be between 1 and the number of regions ("
                    + regions + "), not " + storeServers);
        }
        settings = Map.copyOf(settings);
        epochOffsetsMicros = List.copyOf(epochOffsetsMicros);
        if (!epochOffsetsMicros.isEmpty() && epochOffsetsMicros.size() != regions) {
            throw new IllegalArgumentException("--epoch-offsets gives " + epochOffsetsMicros.size() + " offsets for "
                    + regions + " regions");
        }
    }

    /** Epochs on the cluster clock in every region. */
    public ClusterShape(int regions, String preset, Map<SettingKey, Long> settings, StorageBackend storage,
                        Protocol protocol, int storeServers, long chainServerMemory) {
        this(regions, preset, settings, storage, protocol, storeServers, chainServerMemory, List.of());
    }

    /** A store server per region. */
    public ClusterShape(int regions, String preset, Map<SettingKey, Long> settings, StorageBackend storage,
                        Protocol protocol) {
        this(regions, preset, settings, storage, protocol, 0, 0);
    }

    /** How many local store servers the regions share. */
    public int storeServerCount() {
        return storeServers == 0 ? regions : storeServers;
    }

    /** Three regions on the emulated GCP WAN, each on the embedded store: the evaluation's cluster. */
    public static ClusterShape gcp3(TimeSpan epochLength, Protocol protocol) {
        return new ClusterShape(3, "gcp3", Map.of(ProtocolKeys.EPOCH_LENGTH, epochLength.micros()),
                StorageBackend.MEMORY, protocol);
    }

    /** The protocol's epoch length. */
    public TimeSpan epochLength() {
        return TimeSpan.ofMicros(settings.getOrDefault(ProtocolKeys.EPOCH_LENGTH,
                ProtocolKeys.EPOCH_LENGTH.defaultValue()));
    }

    /**
     * The protocol settings of a cluster of regions {@code names}.
     *
     * @throws IllegalArgumentException naming every setting that does not fit the others or the regions
     */
    public ClusterConfig protocolConfig(List<String> names) {
        ClusterConfig.Builder config = ClusterConfig.builder().regions(names).epochOffsetsMicros(epochOffsetsMicros);
        settings.forEach(config::set);
        return config.build();
    }
}
