package io.catena.lab.cli;

import io.catena.server.cli.Logging;
import io.catena.lab.eval.EpochEval;
import io.catena.lab.eval.EvalReport;
import io.catena.lab.eval.LatencyEval;
import io.catena.lab.eval.MicroEval;
import io.catena.server.config.StorageBackend;
import io.catena.lab.eval.TpccEval;
import io.catena.tpcc.TpccScale;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code catena eval}: the paper's evaluation (§VII) side by side with the baselines, one
 * subcommand per figure, each a series of in-process runs on the emulated GCP WAN that ends with
 * a table, Catena's ratios to the baselines, a CSV file and SVG charts; and issue 26's comparison
 * of every protocol's commit latency per region with the lower bound, on two WAN matrices.
 */
@Command(name = "eval", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Reproduce a figure of the paper's evaluation on this machine: Catena against Paxos Commit "
                + "over 2PL and over OCC, every run checked like catena bench or catena tpcc. Writes a CSV file and "
                + "SVG charts and prints a table. eval latency compares every protocol's commit latency per region "
                + "with the lower bound of the WAN."},
        subcommands = {EvalCommand.Micro.class, EvalCommand.Epoch.class, EvalCommand.Tpcc.class,
                EvalCommand.Latency.class})
public final class EvalCommand implements Runnable {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Without a figure named, says which there are. */
    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Prints the results, writes the files, and says whether every run's checks passed. */
    static int finish(EvalReport results, Path dir, PrintWriter out) throws IOException {
        List<Path> files = results.write(dir);
        out.println();
        out.print(results.table());
        out.println();
        files.forEach(f -> out.println("wrote " + f));
        if (!results.allChecksPassed()) {
            out.println("FAIL  some runs failed their checks (marked FAIL above; their details were printed with them)");
            return 1;
        }
        out.println("every run passed its checks");
        return 0;
    }

    /** A figure's command: the shared options, then the figure's own runs, then {@link #finish}. */
    abstract static class Figure implements Callable<Integer> {

        @Mixin
        EvalOptions eval;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        abstract EvalReport measure(PrintWriter out) throws IOException, InterruptedException;

        @Override
        public Integer call() throws Exception {
            Logging.quiet(!eval.verbose);
            PrintWriter out = spec.commandLine().getOut();
            return finish(measure(out), eval.out, out);
        }
    }

    @Command(name = "micro", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Fig. 5: key-value transactions of 1-5 keys, read-write uniform, read-write zipf (θ = 1) "
                    + "and read-only, over a sweep of clients per region."})
    static final class Micro extends Figure {

        @Option(names = "--clients", defaultValue = "8,32,96", split = ",", paramLabel = "N,...",
                description = "closed-loop clients per region at each point (default: ${DEFAULT-VALUE})")
        List<Integer> clients;

        @Option(names = "--records", defaultValue = "100000", description = "keys in the store (default: ${DEFAULT-VALUE})")
        int records;

        @Option(names = "--storage", defaultValue = "memory", paramLabel = "STORE",
                converter = StorageBackendConverter.class,
                description = "each region's store: memory, or cassandra / hbase on local servers started for "
                        + "each point (default: ${DEFAULT-VALUE})")
        StorageBackend storage;

        @Option(names = "--store-servers", defaultValue = "1", paramLabel = "N",
                description = "with cassandra or hbase: how many local servers the three regions share, each "
                        + "region in a keyspace or namespace of its own; one, so that on a small machine the "
                        + "protocols are compared rather than store JVMs competing for its cores "
                        + "(default: ${DEFAULT-VALUE})")
        int storeServers;

        @Override
        EvalReport measure(PrintWriter out) throws IOException, InterruptedException {
            return new MicroEval(eval.settings(), clients, records, storage, storeServers, out).run();
        }
    }

    @Command(name = "epoch", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Fig. 6: uniform read-write key-value transactions as Catena's epoch grows; the baselines, "
                    + "which have no epochs, are run once as reference lines."})
    static final class Epoch extends Figure {

        @Option(names = "--epochs", defaultValue = "5,10,20,30", split = ",", paramLabel = "MS,...",
                description = "epoch lengths in milliseconds (default: ${DEFAULT-VALUE})")
        List<Integer> epochs;

        @Option(names = "--clients", defaultValue = "32", description = "clients per region (default: ${DEFAULT-VALUE})")
        int clients;

        @Option(names = "--records", defaultValue = "100000", description = "keys in the store (default: ${DEFAULT-VALUE})")
        int records;

        @Override
        EvalReport measure(PrintWriter out) throws IOException, InterruptedException {
            return new EpochEval(eval.settings(), epochs, clients, records, out).run();
        }
    }

    @Command(name = "tpcc", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Fig. 7: TPC-C NewOrder-only and OrderStatus-only over a sweep of terminals per region, and "
                    + "the standard mix at the largest count; TPC-C's consistency conditions checked after every run."})
    static final class Tpcc extends Figure {

        @Option(names = "--terminals", defaultValue = "4,12,24", split = ",", paramLabel = "N,...",
                description = "terminals per region at each point (default: ${DEFAULT-VALUE})")
        List<Integer> terminals;

        @Option(names = "--warehouses", defaultValue = "2", description = "W (default: ${DEFAULT-VALUE})")
        int warehouses;

        @Option(names = "--customers", defaultValue = "300",
                description = "customers per district, scaled down from 3,000 to load fast (default: ${DEFAULT-VALUE})")
        int customers;

        @Option(names = "--items", defaultValue = "10000",
                description = "items, scaled down from 100,000 (default: ${DEFAULT-VALUE})")
        int items;

        @Override
        EvalReport measure(PrintWriter out) throws IOException, InterruptedException {
            TpccScale scale = new TpccScale(warehouses, TpccScale.STANDARD_DISTRICTS, customers, items);
            return new TpccEval(eval.settings(), terminals, scale, out).run();
        }
    }

    @Command(name = "latency", mixinStandardHelpOptions = true, sortOptions = false,
            defaultValueProvider = EveryProtocol.class,
            description = {"Issue 26: p50 and p99 commit latency of read-write key-value transactions in every "
                    + "region, for every protocol, on the gcp3 and ec2-5 WAN matrices with uniform and zipf (θ = 1) "
                    + "keys, next to each region's share of the commit-latency lower bound (Helios' "
                    + "minimum-average-optimal latencies; the bound holds for the mean over the regions); a few "
                    + "clients per region, so that latency is measured, not saturation. By default regions run "
                    + "ahead by the epoch offsets that reach the bound (Catena's epochs, Helios' clocks)."})
    static final class Latency extends Figure {

        @Option(names = "--matrices", defaultValue = "gcp3,ec2-5", split = ",", paramLabel = "NAME",
                description = "the WAN matrices, each a cluster of its regions (default: ${DEFAULT-VALUE})")
        List<String> matrices;

        @Option(names = "--workloads", defaultValue = "uniform,zipf", split = ",", paramLabel = "NAME",
                description = "read-write key-value workloads of 1-5 keys: uniform, or zipf with θ = 1 "
                        + "(default: ${DEFAULT-VALUE})")
        List<String> workloads;

        @Option(names = "--clients", defaultValue = "4", description = "closed-loop clients per region "
                + "(default: ${DEFAULT-VALUE})")
        int clients;

        @Option(names = "--records", defaultValue = "100000", description = "keys in the store (default: ${DEFAULT-VALUE})")
        int records;

        @Option(names = "--epoch-offsets", defaultValue = "auto", paramLabel = "none|auto",
                description = "auto: every region runs its epochs (Catena) and clock (Helios) ahead by the offsets "
                        + "that reach the bound on each matrix; none: no offsets (default: ${DEFAULT-VALUE})")
        String epochOffsets;

        @Override
        EvalReport measure(PrintWriter out) throws IOException, InterruptedException {
            if (!epochOffsets.equals("auto") && !epochOffsets.equals("none")) {
                throw new IllegalArgumentException("--epoch-offsets of eval latency is none or auto (each matrix has "
                        + "its own regions), not '" + epochOffsets + "'");
            }
            return new LatencyEval(eval.settings(), matrices, workloads, clients, records,
                    epochOffsets.equals("auto"), out).run();
        }
    }
}
