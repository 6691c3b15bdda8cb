package io.catena.simulation.cluster;

import io.catena.harness.workload.WorkloadSpec;
import io.catena.baselines.Protocol;
import io.catena.core.config.ClusterConfig;
import io.catena.simulation.client.ClientPolicy;
import io.catena.simulation.fault.FaultMix;
import io.catena.simulation.host.CostModel;
import io.catena.core.wan.LatencyMatrix;
import io.catena.simulation.net.NetworkConfig;

/**
 * Everything that defines a simulated run besides the seed.
 *
 * @param workload          workload spec, see {@link WorkloadSpec}
 * @param maxClockOffsetMicros each region's clock is off by up to this much (NTP-level)
 * @param regionSpeedSpread standard deviation of the regions' CPU speed factors
 * @param loadMicros        how long clients submit new transactions
 * @param drainMicros       how long after that the run waits for answers and convergence
 * @param protocol          Catena, or a comparison baseline (which runs without faults or loss)
 */
public record SimConfig(LatencyMatrix matrix, NetworkConfig network, ClusterConfig cluster, CostModel cost,
                        long maxClockOffsetMicros, double regionSpeedSpread, long storageMinMicros,
                        long storageMaxMicros, WorkloadSpec workload, int clientsPerRegion, ClientPolicy clients,
                        FaultMix faults, long loadMicros, long drainMicros, Protocol protocol) {

    /** A small, fast configuration for seed sweeps. */
    public static Builder builder() {
        return new Builder();
    }

    /** Validated construction with defaults. */
    public static final class Builder {
        private static final ClusterConfig DEFAULT_LIMITS = ClusterConfig.builder().build();

        private LatencyMatrix matrix = LatencyMatrix.gcp3();
        private NetworkConfig network = NetworkConfig.calm();
        private int chainServers = 4;
        private long epochMicros = 10_000;
        private int faultTolerance;
        private long delayToleranceMicros = 400_000;
        private long orderingGraceMicros = 300;
        private long maxTransactionBytes = DEFAULT_LIMITS.maxTransactionBytes();
        private long maxRecordBytes = DEFAULT_LIMITS.maxRecordBytes();
        private long maxEpochMessageBytes = DEFAULT_LIMITS.maxEpochMessageBytes();
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

        public Builder matrix(LatencyMatrix m) {
            matrix = m;
            return this;
        }

        public Builder network(NetworkConfig n) {
            network = n;
            return this;
        }

        public Builder chainServers(int k) {
            chainServers = k;
            return this;
        }

        public Builder epochMicros(long e) {
            epochMicros = e;
            return this;
        }

        public Builder faultTolerance(int f) {
            faultTolerance = f;
            return this;
        }

        public Builder delayToleranceMicros(long d) {
            delayToleranceMicros = d;
            return this;
        }

        public Builder orderingGraceMicros(long g) {
            orderingGraceMicros = g;
            return this;
        }

        /** The byte bounds of transactions, records and epoch messages (defaults: the core's). */
        public Builder sizeLimits(long transactionBytes, long recordBytes, long epochMessageBytes) {
            maxTransactionBytes = transactionBytes;
            maxRecordBytes = recordBytes;
            maxEpochMessageBytes = epochMessageBytes;
            return this;
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
            ClusterConfig cluster = ClusterConfig.builder()
                    .regions(matrix.regions())
                    .chainServersPerRegion(chainServers)
                    .epochLengthMicros(epochMicros)
                    .faultTolerance(faultTolerance)
                    .delayToleranceMicros(delayToleranceMicros)
                    .orderingGraceMicros(orderingGraceMicros)
                    .maxTransactionBytes(maxTransactionBytes)
                    .maxRecordBytes(maxRecordBytes)
                    .maxEpochMessageBytes(maxEpochMessageBytes)
                    .build();
            if (!protocol.plugin().capabilities().faultTolerant()
                    && (faults != FaultMix.NONE || network.loss() > 0 || network.duplication() > 0)) {
                throw new IllegalArgumentException("the " + protocol + " baseline assumes no faults and links that"
                        + " lose nothing: run it with --faults none and --network calm");
            }
            if (clientsPerRegion < 0) {
                throw new IllegalArgumentException("clients per region must not be negative");
            }
            return new SimConfig(matrix, network, cluster, cost, maxClockOffsetMicros, regionSpeedSpread,
                    storageMinMicros, storageMaxMicros,
                    workload, clientsPerRegion, clients, faults, loadMicros, drainMicros, protocol);
        }
    }
}
