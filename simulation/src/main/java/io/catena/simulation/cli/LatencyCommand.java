package io.catena.simulation.cli;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.harness.cli.EpochOffsetsFlag;
import io.catena.harness.cli.ProtocolFlags;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.client.ClientPolicy;
import io.catena.simulation.client.LatencyRecorder;
import io.catena.harness.record.TxnClass;
import io.catena.simulation.cluster.SimConfig;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.core.protocol.Protocol;
import io.catena.core.wan.HeliosBound;
import io.catena.core.wan.LatencyModel;
import io.catena.core.wan.LatencyMatrix;
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

/** Commit latency per region and class, next to the analytical model and the Helios lower bound. */
@Command(name = "latency", mixinStandardHelpOptions = true,
        description = "Commit latency p50/p99 per region and transaction class, with the model and the Helios bound.")
public final class LatencyCommand implements Callable<Integer> {

    @Option(names = "--preset", defaultValue = "gcp3", paramLabel = "MATRIX", description = "gcp3 | ec2-5 (default: ${DEFAULT-VALUE})")
    String preset;

    /** One flag per protocol setting, as the simulator's other runs have them; the model reads the epoch and f. */
    @Mixin
    ProtocolFlags settings;

    @Option(names = "--protocol", defaultValue = "catena", paramLabel = "NAME",
            description = "the protocol the regions run; the model column is Catena's (default: ${DEFAULT-VALUE})")
    String protocolName;

    @Option(names = "--rate", defaultValue = "300", paramLabel = "TPS",
            description = "transactions per second submitted in each region (default: ${DEFAULT-VALUE})")
    double rate;

    @Option(names = "--load-s", defaultValue = "20", paramLabel = "S", description = "seconds of load (default: ${DEFAULT-VALUE})")
    double loadSeconds;

    @Option(names = "--workload", defaultValue = "kv:records=2000,min=1,max=3,dist=zipf1,ro=0.2,writes=blind", paramLabel = "SPEC",
            description = "(default: ${DEFAULT-VALUE})")
    String workload;

    @Option(names = {"-s", "--seed"}, defaultValue = "1", paramLabel = "SEED", description = "(default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--max-clock-offset-ms", defaultValue = "3", paramLabel = "MS",
            description = "each region's clock is off by a seeded draw of up to this much, as NTP leaves real "
                    + "clocks; 0 for regions that share one clock, like catena bench's in-process cluster "
                    + "(default: ${DEFAULT-VALUE})")
    double maxClockOffsetMillis;

    @Option(names = ProtocolKeys.EPOCH_OFFSETS_FLAG, defaultValue = "none", paramLabel = "OFFSETS",
            description = EpochOffsetsFlag.DESCRIPTION)
    String epochOffsets;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Speculative execution and local commit times the model assumes (measured in the simulator). */
    private static final double SPECULATION_MICROS = 2_000;
    private static final double LOCAL_MICROS = 1_500;

    @Override
    public Integer call() {
        requirePositive("--rate", rate);
        requirePositive("--load-s", loadSeconds);
        if (!(maxClockOffsetMillis >= 0)) {
            throw new IllegalArgumentException("--max-clock-offset-ms must be 0 or more, not " + maxClockOffsetMillis);
        }
        PrintWriter out = spec.commandLine().getOut();
        LatencyMatrix matrix = LatencyMatrix.preset(preset);
        Map<SettingKey, Long> protocol = settings.values();
        long epochLengthMicros = protocol.get(ProtocolKeys.EPOCH_LENGTH);
        int f = Math.toIntExact(protocol.get(ProtocolKeys.FAULT_TOLERANCE));
        Protocol running = Protocol.parse(protocolName);
        SimConfig.Builder builder = SimConfig.builder().matrix(matrix)
                .epochOffsetsMicros(EpochOffsetsFlag.parse(epochOffsets, matrix)).protocol(running);
        protocol.forEach(builder::set);
        SimConfig config = builder
                .workload(WorkloadSpec.parse(workload))
                .clientsPerRegion(1)
                .clients(ClientPolicy.openLoop(rate, 2_000_000))
                .loadMicros(Math.round(loadSeconds * 1e6))
                .maxClockOffsetMicros(Math.round(maxClockOffsetMillis * 1000))
                .build();
        SeedResult r = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        List<Long> offsets = config.cluster().epochOffsetsMicros();
        long[] offsetsMicros = offsets.isEmpty() ? new long[matrix.size()]
                : offsets.stream().mapToLong(Long::longValue).toArray();
        LatencyModel model = new LatencyModel(matrix, epochLengthMicros, f, offsetsMicros);
        double[] helios = HeliosBound.solve(matrix);
        out.println("commit latency: " + running + " on " + preset + ", epoch " + ProtocolKeys.EPOCH_LENGTH.unit().format(epochLengthMicros)
                + ", f=" + f + ", " + workload
                + ", " + rate + " txn/s per region, " + loadSeconds + " s, seed " + seed
                + ", clocks off by up to " + maxClockOffsetMillis + " ms"
                + (offsets.isEmpty() ? "" : ", epochs ahead by " + EpochOffsetsFlag.describe(offsets)));
        out.println("check: " + r.line());
        out.printf("%-14s %-18s %7s %9s %9s %9s %8s %9s%n", "region", "class", "n", "p50 ms", "p99 ms", "model ms",
                "p50/mod", "Helios ms");
        for (int i = 0; i < matrix.size(); i++) {
            LatencyRecorder lr = r.latencies().get(i);
            for (TxnClass c : TxnClass.values()) {
                Histogram h = lr.histogram(c);
                if (h == null) {
                    continue;
                }
                double predicted = switch (c) {
                    case NON_CONFLICTING -> model.nonConflicting(i, LOCAL_MICROS);
                    case CONFLICTING -> model.conflicting(i, SPECULATION_MICROS, LOCAL_MICROS);
                    case READ_ONLY -> LOCAL_MICROS;
                };
                double p50 = h.getValueAtPercentile(50) / 1000.0;
                if (running.equals(Protocol.CATENA)) {
                    out.printf("%-14s %-18s %7d %9.1f %9.1f %9.1f %8.2f %9.1f%n", matrix.regions().get(i), c.label(),
                            h.getTotalCount(), p50, h.getValueAtPercentile(99) / 1000.0, predicted / 1000.0,
                            p50 * 1000.0 / predicted, helios[i] / 1000.0);
                } else {
                    out.printf("%-14s %-18s %7d %9.1f %9.1f %9s %8s %9.1f%n", matrix.regions().get(i), c.label(),
                            h.getTotalCount(), p50, h.getValueAtPercentile(99) / 1000.0, "-", "-", helios[i] / 1000.0);
                }
            }
        }
        return r.ok() ? 0 : 1;
    }

    private static void requirePositive(String option, double value) {
        if (!(value > 0)) {
            throw new IllegalArgumentException(option + " must be more than 0, not " + value);
        }
    }
}
