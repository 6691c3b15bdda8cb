package io.catena.lab.eval;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.protocol.Protocol;
import io.catena.core.wan.EpochOffsets;
import io.catena.core.wan.LatencyMatrix;
import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.LoadOptions;
import io.catena.lab.report.RegionSummary;
import io.catena.lab.report.RunSummary;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.TimeSpan;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 26's comparison: the commit latency every protocol gives each region, next to the lower
 * bound of the same WAN matrix (Helios' minimum-average-optimal latencies), on the paper's three
 * GCP regions and the dissertation's five EC2 regions, with uniform and zipf (θ = 1) read-write
 * key-value transactions. A few clients per region keep the regions far from saturation, so
 * what is measured is the protocol's waits on the WAN, not queueing on this machine's cores.
 */
public final class LatencyEval {

    /** Catena's epoch of the paper's evaluation; the other protocols' settings keep their defaults. */
    private static final TimeSpan EPOCH_LENGTH = TimeSpan.ofMillis(10);

    private final EvalSettings settings;
    private final List<LatencyPanel> panels = new ArrayList<>();
    private final int clients;
    private final int records;
    /** Whether regions run their epochs (Catena) and clocks (Helios) ahead by the offsets that reach the bound. */
    private final boolean offsetsAtTheBound;
    private final PrintWriter out;

    /**
     * @param matrices  the WAN matrices' names ({@code gcp3}, {@code ec2-5})
     * @param workloads the workloads' names ({@code uniform}, {@code zipf})
     * @param offsetsAtTheBound whether every run takes the epoch offsets that reach the bound on its
     *                          matrix ({@code --epoch-offsets auto}); protocols that do not wait on
     *                          their peers' clocks are unaffected by them
     * @throws IllegalArgumentException in one sentence, for a name or number out of place
     */
    public LatencyEval(EvalSettings settings, List<String> matrices, List<String> workloads, int clients, int records,
                       boolean offsetsAtTheBound, PrintWriter out) {
        if (clients < 1) {
            throw new IllegalArgumentException("--clients must be at least 1, not " + clients);
        }
        if (records < 5) {
            throw new IllegalArgumentException("--records must be at least 5 (a transaction has up to 5 keys)");
        }
        List<KvWorkload> kinds = KvWorkload.parse(workloads);
        for (LatencyMatrix matrix : matrices(matrices)) {
            for (KvWorkload kind : kinds) {
                panels.add(new LatencyPanel(matrix, kind));
            }
        }
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("--matrices and --workloads name at least one each");
        }
        this.settings = settings;
        this.clients = clients;
        this.records = records;
        this.offsetsAtTheBound = offsetsAtTheBound;
        this.out = out;
    }

    /** The matrices named, in the order given, each once. */
    static List<LatencyMatrix> matrices(List<String> names) {
        List<LatencyMatrix> matrices = new ArrayList<>();
        for (String name : names) {
            LatencyMatrix m;
            try {
                m = LatencyMatrix.preset(name.trim());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown matrix '" + name + "' in --matrices; expected gcp3 or ec2-5");
            }
            if (!matrices.contains(m)) {
                matrices.add(m);
            }
        }
        return matrices;
    }

    public LatencyResults run() throws IOException, InterruptedException {
        Map<Protocol, Boolean> primerPassed = new HashMap<>();
        LatencyResults results = new LatencyResults();
        List<LatencyRun> runs = LatencyRun.schedule(panels, settings.protocols());
        int n = 0;
        for (LatencyRun r : runs) {
            LatencyPanel panel = r.panel();
            out.printf("%n[%d/%d] %s, %d clients per region%n", ++n, runs.size(), r.title(), clients);
            LoadOptions load = new LoadOptions(panel.workload().spec(records), clients, settings.warmup(),
                    settings.duration(), settings.seed());
            RunSummary run = BenchPoint.checkedRun(shape(panel.matrix(), r.protocol()), load, out);
            // A primer's failed checks are printed like any run's, and mark its protocol's measured runs FAIL.
            boolean passed = run.allChecksPassed() && primerPassed.getOrDefault(r.protocol(), true);
            if (!r.measured()) {
                primerPassed.put(r.protocol(), passed);
                continue;
            }
            for (MatrixRegion region : panel.regions()) {
                results.add(new RegionPoint(panel, r.protocol(), region, RegionLatency.of(measured(run, region)),
                        passed));
            }
        }
        return results;
    }

    /** What {@code region} measured in {@code run}, found by name rather than by place in the summary. */
    private static RegionSummary measured(RunSummary run, MatrixRegion region) {
        return run.regions().stream().filter(r -> r.region().equals(region.name())).findFirst()
                .orElseThrow(() -> new IllegalStateException("the run has no figures of region " + region.name()));
    }

    /**
     * Every region of {@code matrix} in this process, on the embedded store, its WAN emulated, with
     * the offsets that reach the bound on it or none.
     */
    private ClusterShape shape(LatencyMatrix matrix, Protocol protocol) {
        List<Long> offsets = offsetsAtTheBound ? Arrays.stream(EpochOffsets.forBound(matrix)).boxed().toList() : List.of();
        return new ClusterShape(matrix.size(), matrix.name(), Map.of(ProtocolKeys.EPOCH_LENGTH, EPOCH_LENGTH.micros()),
                StorageBackend.MEMORY, protocol, 0, 0, offsets);
    }
}
