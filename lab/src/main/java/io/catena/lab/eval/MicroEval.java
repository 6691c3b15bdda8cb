package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;
import io.catena.server.config.TimeSpan;
import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.LoadOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * The paper's Fig. 5: the key-value micro-benchmark (1 to 5 keys a transaction) read-write with
 * uniform and zipf (θ = 1) keys, and read-only, on the emulated GCP WAN, for every protocol over a
 * sweep of closed-loop clients per region.
 */
public final class MicroEval {

    /** One panel of the figure: its name and the workload it runs. */
    record Panel(String name, String workload) {
    }

    private final EvalSettings settings;
    private final List<Integer> clients;
    private final int records;
    private final PrintWriter out;

    public MicroEval(EvalSettings settings, List<Integer> clients, int records, PrintWriter out) {
        if (clients.isEmpty() || clients.stream().anyMatch(c -> c < 1)) {
            throw new IllegalArgumentException("--clients lists positive numbers of clients per region, not " + clients);
        }
        if (records < 5) {
            throw new IllegalArgumentException("--records must be at least 5 (a transaction has up to 5 keys)");
        }
        this.settings = settings;
        this.clients = List.copyOf(clients);
        this.records = records;
        this.out = out;
    }

    List<Panel> panels() {
        String kv = "kv:records=" + records + ",min=1,max=5,writes=blind";
        return List.of(new Panel("rw-uniform", kv), new Panel("rw-zipf", kv + ",dist=zipf1"),
                new Panel("read-only", kv + ",ro=1"));
    }

    public EvalResults run() throws IOException, InterruptedException {
        EvalResults results = new EvalResults("fig5-micro", "clients per region");
        int total = panels().size() * settings.protocols().size() * clients.size();
        int n = 0;
        for (Panel panel : panels()) {
            for (Protocol protocol : settings.protocols()) {
                for (int c : clients) {
                    out.printf("%n[%d/%d] %s, %s, %d clients per region%n", ++n, total, panel.name(), protocol, c);
                    LoadOptions load = new LoadOptions(panel.workload(), c, settings.warmup(), settings.duration(),
                            settings.seed());
                    results.add(BenchPoint.measure(ClusterShape.gcp3(TimeSpan.ofMillis(10), protocol), load,
                            panel.name(), c, out));
                }
            }
        }
        return results;
    }
}
