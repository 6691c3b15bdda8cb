package io.catena.lab.eval;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.protocol.Protocol;
import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.LoadOptions;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.TimeSpan;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * The paper's Fig. 5: the key-value micro-benchmark (1 to 5 keys a transaction) read-write with
 * uniform and zipf (θ = 1) keys, and read-only, on the emulated GCP WAN, for every protocol over a
 * sweep of closed-loop clients per region; on the embedded store by default, or on local Cassandra
 * or HBase servers (by default one, shared by the three regions).
 */
public final class MicroEval {

    /** One panel of the figure: its name and the workload it runs. */
    record Panel(String name, String workload) {
    }

    private final EvalSettings settings;
    private final List<Integer> clients;
    private final int records;
    private final StorageBackend storage;
    private final int storeServers;
    private final PrintWriter out;

    public MicroEval(EvalSettings settings, List<Integer> clients, int records, StorageBackend storage,
                     int storeServers, PrintWriter out) {
        if (clients.isEmpty() || clients.stream().anyMatch(c -> c < 1)) {
            throw new IllegalArgumentException("--clients lists positive numbers of clients per region, not " + clients);
        }
        if (storeServers < 1 || storeServers > 3) {
            throw new IllegalArgumentException("--store-servers must be 1, 2 or 3 (the three regions' servers), not "
                    + storeServers);
        }
        if (records < 5) {
            throw new IllegalArgumentException("--records must be at least 5 (a transaction has up to 5 keys)");
        }
        this.settings = settings;
        this.clients = List.copyOf(clients);
        this.records = records;
        this.storage = storage;
        this.storeServers = storeServers;
        this.out = out;
    }

    List<Panel> panels() {
        return List.of(new Panel("rw-uniform", KvWorkload.UNIFORM.spec(records)),
                new Panel("rw-zipf", KvWorkload.ZIPF.spec(records)),
                new Panel("read-only", KvWorkload.UNIFORM.spec(records) + ",ro=1"));
    }

    public EvalResults run() throws IOException, InterruptedException {
        EvalResults results = new EvalResults(storage == StorageBackend.MEMORY ? "fig5-micro"
                : "fig5-micro-" + storage.configName(), "clients per region");
        int total = panels().size() * settings.protocols().size() * clients.size();
        int n = 0;
        for (Panel panel : panels()) {
            for (Protocol protocol : settings.protocols()) {
                for (int c : clients) {
                    out.printf("%n[%d/%d] %s, %s, %d clients per region%n", ++n, total, panel.name(), protocol, c);
                    LoadOptions load = new LoadOptions(panel.workload(), c, settings.warmup(), settings.duration(),
                            settings.seed());
                    results.add(BenchPoint.measure(shape(protocol), load, panel.name(), c, out));
                }
            }
        }
        return results;
    }

    /** Three regions on the emulated GCP WAN with 10 ms epochs, on the chosen store. */
    private ClusterShape shape(Protocol protocol) {
        return new ClusterShape(3, "gcp3", Map.of(ProtocolKeys.EPOCH_LENGTH, TimeSpan.ofMillis(10).micros()), storage,
                protocol, storage == StorageBackend.MEMORY ? 0 : storeServers, 0);
    }
}
