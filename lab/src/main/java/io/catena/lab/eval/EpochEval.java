package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;
import io.catena.server.config.TimeSpan;
import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.LoadOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * The paper's Fig. 6: Catena's latency and throughput as the epoch grows, uniform read-write
 * key-value transactions at a fixed number of clients per region. The baselines have no epochs;
 * each is run once at the same load, as a reference line at every epoch length.
 */
public final class EpochEval {

    private final EvalSettings settings;
    private final List<Integer> epochLengthsMillis;
    private final int clients;
    private final int records;
    private final PrintWriter out;

    public EpochEval(EvalSettings settings, List<Integer> epochLengthsMillis, int clients, int records,
                     PrintWriter out) {
        if (epochLengthsMillis.isEmpty() || epochLengthsMillis.stream().anyMatch(e -> e < 1)) {
            throw new IllegalArgumentException("--epochs lists positive epoch lengths in ms, not "
                    + epochLengthsMillis);
        }
        if (clients < 1) {
            throw new IllegalArgumentException("--clients must be at least 1, not " + clients);
        }
        this.settings = settings;
        this.epochLengthsMillis = List.copyOf(epochLengthsMillis);
        this.clients = clients;
        this.records = records;
        this.out = out;
    }

    public EvalResults run() throws IOException, InterruptedException {
        EvalResults results = new EvalResults("fig6-epoch", "epoch length (ms)");
        String workload = KvWorkload.UNIFORM.spec(records);
        boolean catena = settings.protocols().contains(Protocol.CATENA);
        List<Protocol> baselines = settings.protocols().stream().filter(p -> !p.equals(Protocol.CATENA)).toList();
        int total = (catena ? epochLengthsMillis.size() : 0) + baselines.size();
        int n = 0;
        for (int e : epochLengthsMillis) {
            if (catena) {
                out.printf("%n[%d/%d] catena, %d ms epochs, %d clients per region%n", ++n, total, e, clients);
                results.add(BenchPoint.measure(ClusterShape.gcp3(TimeSpan.ofMillis(e), Protocol.CATENA), load(workload),
                        "rw-uniform", e, out));
            }
        }
        for (Protocol b : baselines) {
            out.printf("%n[%d/%d] %s (no epochs), %d clients per region%n", ++n, total, b, clients);
            EvalPoint once = BenchPoint.measure(ClusterShape.gcp3(TimeSpan.ofMillis(epochLengthsMillis.get(0)), b),
                    load(workload), "rw-uniform", epochLengthsMillis.get(0), out);
            for (int e : epochLengthsMillis) {
                results.add(new EvalPoint(once.panel(), b, e, once.committed(), once.perSecond(), once.p50Millis(),
                        once.p99Millis(), once.abortRate(), once.checksPassed()));
            }
        }
        return results;
    }

    private LoadOptions load(String workload) {
        return new LoadOptions(workload, clients, settings.warmup(), settings.duration(), settings.seed());
    }
}
