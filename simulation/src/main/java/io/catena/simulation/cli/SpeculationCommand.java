package io.catena.simulation.cli;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.harness.cli.ProtocolFlags;
import io.catena.simulation.client.ClientPolicy;
import io.catena.simulation.client.LatencyRecorder;
import io.catena.harness.record.TxnClass;
import io.catena.simulation.cluster.SimConfig;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.simulation.figures.DependencyAgreement;
import io.catena.simulation.run.RunStats;
import io.catena.simulation.run.SeedResult;
import io.catena.simulation.run.SeedRun;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The paper's Fig. 1: speculation success rate of transaction chains, 3 regions with 4 chain
 * servers each, 10,000 records of different sizes, 1-4 keys per transaction, Poisson arrivals.
 */
@Command(name = "speculation", mixinStandardHelpOptions = true,
        description = "Reproduce the paper's Fig. 1: share of transactions whose execution dependencies agree in every region.")
public final class SpeculationCommand implements Callable<Integer> {

    @Option(names = "--rates", split = ",", defaultValue = "1000,3000,5000,7000,9000,11000", paramLabel = "TPS",
            description = "transactions per second every region executes (default: ${DEFAULT-VALUE})")
    List<Integer> rates;

    @Option(names = "--dists", split = ",", defaultValue = "uniform,zipf1,zipf2", paramLabel = "DIST",
            description = "key distributions (default: ${DEFAULT-VALUE})")
    List<String> dists;

    @Option(names = "--txns", defaultValue = "20000", paramLabel = "N",
            description = "transactions per point (the paper ran 100,000) (default: ${DEFAULT-VALUE})")
    int txns;

    @Option(names = "--records", defaultValue = "10000", paramLabel = "N", description = "records (default: ${DEFAULT-VALUE})")
    int records;

    @Option(names = {"-s", "--seed"}, defaultValue = "1", paramLabel = "SEED", description = "first seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--seeds", defaultValue = "1", paramLabel = "N",
            description = "seeds per point; rates are summed over them (default: ${DEFAULT-VALUE})")
    int seeds;

    /** One flag per protocol setting; --ordering-grace 0 makes ordering a pure arrival race. */
    @Mixin
    ProtocolFlags settings;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Map<SettingKey, Long> protocol = settings.values();
        out.println("speculation success (paper Fig. 1): 3 regions (gcp3), " + protocol.get(ProtocolKeys.CHAIN_SERVERS)
                + " chain servers each, " + records + " records, 1-4 keys, " + txns + " txns per point, grace "
                + ProtocolKeys.ORDERING_GRACE.unit().format(protocol.get(ProtocolKeys.ORDERING_GRACE)) + ", seeds "
                + seed + ".." + (seed + seeds - 1));
        out.printf("%-8s %7s %8s %11s %12s %14s %13s %11s %12s%n", "dist", "tps", "txns", "conflicting",
                "agree(all)", "agree(confl.)", "keys by maj.", "spec valid", "p50 rw ms");
        for (String dist : dists) {
            for (int rate : rates) {
                row(out, protocol, dist, rate);
            }
        }
        return 0;
    }

    private void row(PrintWriter out, Map<SettingKey, Long> protocol, String dist, int rate) {
        int regions = 3;
        long loadMicros = Math.max(500_000, (long) (txns * 1e6 / rate));
        SimConfig.Builder builder = SimConfig.builder();
        protocol.forEach(builder::set);
        SimConfig config = builder
                .workload(WorkloadSpec.parse("kv:records=" + records + ",min=1,max=4,write=0.5,writes=blind,dist=" + dist))
                .clientsPerRegion(1)
                .clients(ClientPolicy.openLoop(rate / (double) regions, 2_000_000))
                .loadMicros(loadMicros)
                .drainMicros(3_000_000)
                .build();
        long txnsSeen = 0;
        long conflicting = 0;
        long agreeing = 0;
        long[] stats = new long[4];
        LatencyRecorder all = new LatencyRecorder();
        String problem = "";
        for (long sd = seed; sd < seed + seeds; sd++) {
            DependencyAgreement agreement = new DependencyAgreement(regions);
            // Overloaded points would take long to drain; what they agreed on so far is what counts.
            SeedResult r = new SeedRun(config, ProcedureRegistry.empty(), 1_000_000).run(sd, 0, agreement::onOwnRecord);
            DependencyAgreement.Result a = agreement.result();
            txnsSeen += a.transactions();
            conflicting += a.conflicting();
            agreeing += a.agreeingConflicting();
            RunStats s = r.stats();
            stats[0] += s.keysByMajority();
            stats[1] += s.keysByFallback();
            stats[2] += s.validSpeculativeHops();
            stats[3] += s.caughtUpHops();
            r.latencies().forEach(all::addAll);
            if (r.report().anomalies() > 0 || r.divergent() > 0) {
                problem = "  CHECK FAILED: " + r.line();
            } else if (r.unanswered() > 0 && problem.isEmpty()) {
                problem = "  saturated: " + r.unanswered() + " txns unanswered 3 s after the load (seed " + sd + ")";
            }
        }
        DependencyAgreement.Result a = new DependencyAgreement.Result(txnsSeen, conflicting, agreeing);
        double keys = stats[0] + stats[1];
        double speculated = stats[2] + stats[3];
        Histogram nc = all.histogram(TxnClass.NON_CONFLICTING);
        Histogram c = all.histogram(TxnClass.CONFLICTING);
        Histogram rw = new Histogram(3_600_000_000L, 3);
        if (nc != null) {
            rw.add(nc);
        }
        if (c != null) {
            rw.add(c);
        }
        out.printf("%-8s %7d %8d %10.1f%% %11.1f%% %13.1f%% %12.1f%% %10.1f%% %12.1f%s%n", dist, rate, a.transactions(),
                100.0 * a.conflicting() / Math.max(1, a.transactions()), 100 * a.overallRate(),
                100 * a.conflictingRate(), keys == 0 ? 100 : 100 * stats[0] / keys,
                speculated == 0 ? 100 : 100 * stats[2] / speculated,
                rw.getTotalCount() == 0 ? Double.NaN : rw.getValueAtPercentile(50) / 1000.0, problem);
        out.flush();
    }
}
