package io.catena.lab.demo;

import io.catena.core.config.ClusterConfig;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.net.WanEmulation;
import io.catena.core.wan.LatencyMatrix;
import java.util.ArrayList;
import java.util.List;

/** The cluster a demo or an in-process benchmark runs: regions named after the latency preset. */
public final class DemoCluster {

    /** The cluster name of the demo and the in-process benchmark. */
    public static final String CLUSTER = "demo";

    /** The jitter the demo's emulated WAN adds, as a share of each one-way delay. */
    public static final double WAN_JITTER = 0.02;

    private DemoCluster() {
    }

    /**
     * The first {@code regions} regions of {@code preset}, or plain loopback regions named
     * region0, region1, … for {@code none}; null matrix in that case.
     */
    public static LatencyMatrix matrix(String preset, int regions) {
        if (preset.equals("none")) {
            return null;
        }
        LatencyMatrix full = LatencyMatrix.preset(preset);
        if (regions > full.size()) {
            throw new IllegalArgumentException("preset " + preset + " has " + full.size() + " regions; use --regions "
                    + full.size() + " or fewer");
        }
        long[][] rtt = new long[regions][regions];
        for (int i = 0; i < regions; i++) {
            for (int j = 0; j < regions; j++) {
                rtt[i][j] = full.rttMicros(i, j);
            }
        }
        return new LatencyMatrix(full.name(), full.regions().subList(0, regions), rtt);
    }

    public static List<String> regionNames(LatencyMatrix matrix, int regions) {
        if (matrix != null) {
            return matrix.regions();
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < regions; i++) {
            names.add("region" + i);
        }
        return names;
    }

    /** The spec of an in-process cluster over {@code matrix} (plain loopback if null). */
    public static InProcessCluster.Spec spec(ClusterConfig protocol, LatencyMatrix matrix) {
        return spec(protocol, matrix, ProcedureRegistry.empty());
    }

    /** The same, with {@code procedures} registered in every region. */
    public static InProcessCluster.Spec spec(ClusterConfig protocol, LatencyMatrix matrix,
                                             ProcedureRegistry procedures) {
        WanEmulation wan = matrix == null ? null : WanEmulation.of(matrix, protocol.regions(), WAN_JITTER, 0);
        return InProcessCluster.Spec.loopback(CLUSTER, protocol, procedures, wan);
    }
}
