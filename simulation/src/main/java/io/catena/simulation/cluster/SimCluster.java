package io.catena.simulation.cluster;

import io.catena.coordinator.Coordinator;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.rlog.RLogRecord;
import io.catena.harness.record.HistoryRecorder;
import io.catena.simulation.client.LatencyRecorder;
import io.catena.simulation.client.SimClient;
import io.catena.simulation.engine.EventLoop;
import io.catena.harness.SeededRandom;
import io.catena.simulation.engine.Trace;
import io.catena.simulation.fault.Fault;
import io.catena.simulation.host.CostModel;
import io.catena.simulation.host.SimNode;
import io.catena.simulation.net.SimNetwork;
import io.catena.harness.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A whole simulated deployment for one seed: regions, network, clients, the fault schedule.
 * Everything random is drawn from the seed, so a seed replays exactly.
 */
public final class SimCluster {

    private final SimConfig config;
    private final long seed;
    private final SeededRandom random;
    private final EventLoop loop;
    private final SimNetwork network;
    private final List<SimRegion> regions = new ArrayList<>();
    private final List<SimClient> clients = new ArrayList<>();
    private final List<SimNode> hosts = new ArrayList<>();
    private final List<LatencyRecorder> latencies = new ArrayList<>();
    private final HistoryRecorder history = new HistoryRecorder();
    private final Workload workload;
    private final List<Fault> faults;

    public SimCluster(SimConfig config, long seed, ProcedureRegistry procedures, Trace trace,
                      Consumer<RLogRecord> ownRecordTap) {
        this.config = config;
        this.seed = seed;
        this.random = new SeededRandom(seed);
        this.loop = new EventLoop(trace);
        this.network = new SimNetwork(loop, config.matrix(), config.network(), random.fork("network"));
        this.workload = config.workload().create(seed);
        // A sweep names no procedures of its own: the workload brings those its transactions call.
        ProcedureRegistry registry = procedures.isEmpty() ? workload.procedures() : procedures;
        for (RegionId r : config.cluster().regionIds()) {
            SimRegion region = new SimRegion(r, config, registry, loop, network, random.fork("region" + r.index()),
                    ownRecordTap);
            region.load(workload.initialData());
            regions.add(region);
            latencies.add(new LatencyRecorder());
        }
        this.faults = config.faults().draw(random.fork("faults"), regions.size(),
                config.cluster().chainServersPerRegion(), config.loadMicros(),
                Coordinator.DEDUP_WINDOW_EPOCHS * config.cluster().epochLengthMicros());
        createClients();
    }

    private void createClients() {
        int number = 1;
        for (SimRegion region : regions) {
            for (int c = 0; c < config.clientsPerRegion(); c++) {
                NodeId id = NodeId.client(region.id(), c);
                SimNode host = new SimNode(id, loop, network, CostModel.negligible(), random.fork("client-host" + number),
                        region);
                network.register(host);
                SimClient client = new SimClient(
                        new SimClient.Setup(id, region.name(), number, 0, config.loadMicros(), region.offsetMicros()),
                        workload, random.fork("client" + number), config.clients(), host, history,
                        latencies.get(region.id().index()));
                clients.add(client);
                hosts.add(host);
                number++;
            }
        }
    }

    /** Starts every node and client and schedules the faults. */
    public void start() {
        regions.forEach(SimRegion::start);
        for (int i = 0; i < clients.size(); i++) {
            hosts.get(i).install(clients.get(i));
        }
        for (Fault f : faults) {
            schedule(f);
        }
    }

    private void schedule(Fault f) {
        if (f instanceof Fault.Partition p) {
            loop.at(p.atMicros(), () -> network.isolate(p.region(), true));
            loop.at(p.healedAtMicros(), () -> network.isolate(p.region(), false));
        } else if (f instanceof Fault.Pause p) {
            loop.at(p.atMicros(), () -> regions.get(p.region()).pauseUntil(p.healedAtMicros()));
        } else if (f instanceof Fault.LossBurst l) {
            loop.at(l.atMicros(), () -> network.setBurstLoss(l.loss()));
            loop.at(l.healedAtMicros(), () -> network.setBurstLoss(0));
        } else if (f instanceof Fault.CrashChainServer c) {
            loop.at(c.atMicros(), () -> regions.get(c.region()).crashChainServer(c.server()));
            loop.at(c.healedAtMicros(), () -> regions.get(c.region()).restartChainServer(c.server()));
        } else if (f instanceof Fault.CrashCoordinator c) {
            loop.at(c.atMicros(), () -> regions.get(c.region()).crashCoordinator());
            loop.at(c.healedAtMicros(), () -> regions.get(c.region()).restartCoordinator());
        } else if (f instanceof Fault.Takeover t) {
            loop.at(t.atMicros(), () -> regions.get(t.region()).freezeCoordinator(t.healedAtMicros()));
            loop.at(t.successorAtMicros(), () -> regions.get(t.region()).takeOver());
        } else if (f instanceof Fault.OwnershipChange c) {
            loop.at(c.atMicros(), () -> regions.get(c.region()).changeOwnership(c.kind(), c.pick()));
        } else if (f instanceof Fault.LateCopies c) {
            long end = c.atMicros() + c.durationMicros();
            loop.at(c.atMicros(), () -> network.copyLate(c.region(), c.holdMicros()));
            loop.at(end, () -> network.copyLate(c.region(), 0));
        } else if (f instanceof Fault.StorageOutage s) {
            loop.at(s.atMicros(), () -> regions.get(s.region()).storeDown(true));
            loop.at(s.healedAtMicros(), () -> regions.get(s.region()).storeDown(false));
        } else if (f instanceof Fault.FlakyStore s) {
            loop.at(s.atMicros(), () -> regions.get(s.region()).storeFailing(s.failShare()));
            loop.at(s.healedAtMicros(), () -> regions.get(s.region()).storeFailing(0));
        }
    }

    /** The time by which every fault has healed. */
    public long faultsHealedMicros() {
        long t = 0;
        for (Fault f : faults) {
            t = Math.max(t, f.healedAtMicros());
        }
        return t;
    }

    public EventLoop loop() {
        return loop;
    }

    public List<SimRegion> regions() {
        return regions;
    }

    public List<SimClient> clients() {
        return clients;
    }

    public HistoryRecorder history() {
        return history;
    }

    public List<LatencyRecorder> latencies() {
        return latencies;
    }

    public Workload workload() {
        return workload;
    }

    public List<Fault> faults() {
        return faults;
    }

    public SimNetwork network() {
        return network;
    }

    public long seed() {
        return seed;
    }

    public SimConfig config() {
        return config;
    }
}
