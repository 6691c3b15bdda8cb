package io.catena.simulation.cluster;

import io.catena.core.protocol.Protocol;
import io.catena.core.protocol.RegionSetup;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.core.config.ClusterConfig;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.simulation.client.ClientPolicy;
import io.catena.simulation.fault.FaultMix;
import io.catena.simulation.host.CostModel;
import io.catena.core.wan.LatencyMatrix;
import io.catena.simulation.net.NetworkConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything that defines a simulated run besides the seed.
 *
 * @param workload          workload spec, see {@link WorkloadSpec}
 * @param maxClockOffsetMicros each region's clock is off by up to this much (NTP-level)
 * @param regionSpeedSpread standard deviation of the regions' CPU speed factors
 * @param loadMicros        how long clients submit new transactions
 * @param drainMicros       how long after that the run waits for answers and convergence
 * @param protocol          Catena, or a comparison baseline (which runs without faults or loss)
 * @param chainServerMemoryBytes each chain server's memory budget ({@link RegionSetup#UNLIMITED} by
 *                          default, so that seeds replay as they did before there was one)
 *
 * <p>How far each region's epochs run ahead on purpose is the cluster's setting
 * ({@link ClusterConfig#epochOffsetsMicros}), as in the runtime; a simulated region adds its offset
 * to its clock's.
 */
public record SimConfig(LatencyMatrix matrix, NetworkConfig network, ClusterConfig cluster, CostModel cost,
                        long maxClockOffsetMicros, double regionSpeedSpread, long storageMinMicros,
                        long storageMaxMicros, WorkloadSpec workload, int clientsPerRegion, ClientPolicy clients,
                        FaultMix faults, long loadMicros, long drainMicros, Protocol protocol,
                        long chainServerMemoryBytes) {

    /** A small, fast configuration for seed sweeps. */
    public static Builder builder() {
        return new Builder();
    }

    /** Validated construction with defaults. */
    public static final class Builder {
        private LatencyMatrix matrix = LatencyMatrix.gcp3();
        private NetworkConfig network = NetworkConfig.calm();
        /** The protocol settings given so far; the others keep their keys' defaults. */
        private final Map<SettingKey, Long> settings = new LinkedHashMap<>();
        private CostModel cost = CostModel.defaults();
        private long maxClockOffsetMicros = 3_000;
        private double regionSpeedSpread = 0.02;
        private WorkloadSpec workload = WorkloadSpec.parse("list-append");
        private int clientsPerRegion = 4;
        private ClientPolicy clients = ClientPolicy.closedLoop(2_000, 1_500_000);
        private FaultMix faults = FaultMix.NONE;
        private long loadMicros = 3_000_000;
        private long drainMicros = 20_000_000;
        private long storageMinMicros = 30;
        private long storageMaxMicros = 120;
        private Protocol protocol = Protocol.CATENA;
        private long chainServerMemoryBytes = RegionSetup.UNLIMITED;
        private List<Long> epochOffsetsMicros = List.of();

        public Builder matrix(LatencyMatrix m) {
            matrix = m;
            return this;
        }

        public Builder network(NetworkConfig n) {
            network = n;
            return this;
        }

        /** Sets the protocol setting {@code key} to {@code value}, in the key's unit. */
        public Builder set(SettingKey key, long value) {
            settings.put(key, value);
            return this;
        }

        public Builder chainServers(int k) {
            return set(ProtocolKeys.CHAIN_SERVERS, k);
        }

        public Builder epochLengthMicros(long micros) {
            return set(ProtocolKeys.EPOCH_LENGTH, micros);
        }

        public Builder faultTolerance(int f) {
            return set(ProtocolKeys.FAULT_TOLERANCE, f);
        }

        public Builder delayToleranceMicros(long micros) {
            return set(ProtocolKeys.DELAY_TOLERANCE, micros);
        }

        public Builder orderingGraceMicros(long micros) {
            return set(ProtocolKeys.ORDERING_GRACE, micros);
        }

        public Builder cost(CostModel c) {
            cost = c;
            return this;
        }

        public Builder maxClockOffsetMicros(long m) {
            maxClockOffsetMicros = m;
            return this;
        }

        public Builder regionSpeedSpread(double s) {
            regionSpeedSpread = s;
            return this;
        }

        public Builder workload(WorkloadSpec w) {
            workload = w;
            return this;
        }

        public Builder clientsPerRegion(int n) {
            clientsPerRegion = n;
            return this;
        }

        public Builder clients(ClientPolicy p) {
            clients = p;
            return this;
        }

        public Builder faults(FaultMix f) {
            faults = f;
            return this;
        }

        public Builder loadMicros(long l) {
            loadMicros = l;
            return this;
        }

        public Builder drainMicros(long d) {
            drainMicros = d;
            return this;
        }

        public Builder protocol(Protocol p) {
            protocol = p;
            return this;
        }

        /** Each chain server's memory budget: idle partitions beyond it are evicted and loaded again. */
        public Builder chainServerMemoryBytes(long bytes) {
            chainServerMemoryBytes = bytes;
            return this;
        }

        /**
         * How far each region's epochs run ahead on purpose, one per region (empty: none): the
         * cluster's {@link ClusterConfig#epochOffsetsMicros}.
         */
        public Builder epochOffsetsMicros(List<Long> offsets) {
            epochOffsetsMicros = offsets;
            return this;
        }

        /** How long a storage call takes, uniformly between the two. */
        public Builder storageMicros(long min, long max) {
            storageMinMicros = min;
            storageMaxMicros = max;
            return this;
        }

        public SimConfig build() {
            if (storageMinMicros < 0 || storageMaxMicros < storageMinMicros) {
                throw new IllegalArgumentException("storage call times must satisfy 0 <= min <= max, not "
                        + storageMinMicros + " to " + storageMaxMicros + " µs");
            }
            ClusterConfig.Builder protocolSettings = ClusterConfig.builder().regions(matrix.regions())
                    .epochOffsetsMicros(epochOffsetsMicros);
            settings.forEach(protocolSettings::set);
            ClusterConfig cluster = protocolSettings.build();
            // The baselines survive crashes, pauses, partitions and lost messages by sending again
            // (PROTOCOL.md, the comparison baselines), not a network that duplicates or always loses.
            if (!protocol.plugin().capabilities().faultTolerant()
                    && (network.loss() > 0 || network.duplication() > 0)) {
                throw new IllegalArgumentException("the " + protocol + " baseline assumes links that lose nothing"
                        + " outside fault bursts: run it with --network calm");
            }
            if (clientsPerRegion < 0) {
                throw new IllegalArgumentException("clients per region must not be negative");
            }
            return new SimConfig(matrix, network, cluster, cost, maxClockOffsetMicros, regionSpeedSpread,
                    storageMinMicros, storageMaxMicros,
                    workload, clientsPerRegion, clients, faults, loadMicros, drainMicros, protocol,
                    chainServerMemoryBytes);
        }
    }
}
