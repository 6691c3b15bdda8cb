package io.catena.simulation.cli;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cluster.SimConfig;
import io.catena.simulation.run.SeedSweep;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** How fast the simulator runs: simulated transactions and seeds per wall-clock second. */
@Command(name = "speed", mixinStandardHelpOptions = true,
        description = "Measure simulator speed: simulated transactions per wall-clock second.")
public final class SpeedCommand implements Callable<Integer> {

    @Mixin
    SimOptions sim;

    @Option(names = "--seeds", defaultValue = "50", paramLabel = "N", description = "(default: ${DEFAULT-VALUE})")
    long seeds;

    @Option(names = "--threads", defaultValue = "1", paramLabel = "N", description = "(default: ${DEFAULT-VALUE})")
    int threads;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        SimConfig config = sim.toConfig();
        // Warm the JIT, then measure.
        new SeedSweep(config, ProcedureRegistry.empty(), threads).run(1_000_000, Math.min(10, seeds));
        SeedSweep.Summary s = new SeedSweep(config, ProcedureRegistry.empty(), threads).run(1, seeds);
        double wall = s.wallMillis() / 1000.0;
        out.printf("%s threads=%d: %d seeds, %d txns, %.1f s simulated in %.2f s wall: %.0f txns/s, %.1f seeds/s, "
                        + "%.0fx real time%n", sim.describe(), threads, s.seeds(), s.txns(), s.simulatedMicros() / 1e6, wall,
                s.txns() / wall, s.seeds() / wall, s.simulatedMicros() / 1e6 / wall);
        out.println(s.line());
        return s.ok() ? 0 : 1;
    }
}
