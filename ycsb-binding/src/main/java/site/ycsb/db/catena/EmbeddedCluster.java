package site.ycsb.db.catena;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.Protocol;
import io.catena.core.wan.LatencyMatrix;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.net.WanEmulation;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Three regions in this process, as {@code -p catena.embedded=true} runs YCSB against: on loopback
 * ports, over the embedded store in memory, the WAN between them emulated from a latency preset
 * ({@code catena.latency}: gcp3, ec2-5, or none for plain loopback).
 */
final class EmbeddedCluster implements AutoCloseable {

    static final String CLUSTER = "ycsb";
    static final String DEFAULT_LATENCY = "gcp3";
    private static final int REGIONS = 3;

    private final InProcessCluster cluster;

    private EmbeddedCluster(InProcessCluster cluster) {
        this.cluster = cluster;
    }

    /**
     * Starts the cluster, running {@code protocol} (Catena, a comparison baseline: 2pl, occ, or Helios), and
     * waits until its regions are linked; a bad preset or protocol is refused in one sentence.
     */
    static EmbeddedCluster start(String latency, String protocolName) throws InterruptedException {
        Protocol algorithm;
        try {
            algorithm = Protocol.parse(protocolName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The " + CatenaSettings.PROTOCOL + " '" + protocolName
                    + "' is no protocol; it takes " + String.join(", ", Protocol.names()) + ".");
        }
        LatencyMatrix matrix = matrix(latency);
        List<String> regions = matrix == null ? List.of("region0", "region1", "region2") : matrix.regions();
        ClusterConfig protocol = ClusterConfig.builder().regions(regions).build();
        WanEmulation wan = matrix == null ? null : WanEmulation.of(matrix, protocol.regions(), 0, 0);
        InProcessCluster c = InProcessCluster.start(
                InProcessCluster.Spec.loopback(CLUSTER, protocol, ProcedureRegistry.empty(), wan).withAlgorithm(algorithm),
                Map.of());
        if (!c.awaitConnected(Duration.ofSeconds(20))) {
            c.close();
            throw new IllegalStateException("The embedded cluster's regions did not connect to each other within 20 s.");
        }
        return new EmbeddedCluster(c);
    }

    private static LatencyMatrix matrix(String latency) {
        if (latency.equals("none")) {
            return null;
        }
        LatencyMatrix full;
        try {
            full = LatencyMatrix.preset(latency);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The " + CatenaSettings.LATENCY + " '" + latency
                    + "' is no latency preset; it takes gcp3, ec2-5 or none.");
        }
        long[][] rtt = new long[REGIONS][REGIONS];
        for (int i = 0; i < REGIONS; i++) {
            for (int j = 0; j < REGIONS; j++) {
                rtt[i][j] = full.rttMicros(i, j);
            }
        }
        return new LatencyMatrix(full.name(), full.regions().subList(0, REGIONS), rtt);
    }

    /** The regions' names, in order. */
    List<String> regions() {
        return cluster.spec().protocol().regions();
    }

    /** The URL of {@code region}, or of the first region if null; an unknown name is refused in one sentence. */
    String url(String region) {
        if (region == null) {
            return cluster.url(RegionId.of(0));
        }
        int i = regions().indexOf(region);
        if (i < 0) {
            throw new IllegalArgumentException("The " + CatenaSettings.REGION + " '" + region
                    + "' is not a region of the embedded cluster; it has " + String.join(", ", regions()) + ".");
        }
        return cluster.url(RegionId.of(i));
    }

    @Override
    public void close() {
        cluster.close();
    }
}
