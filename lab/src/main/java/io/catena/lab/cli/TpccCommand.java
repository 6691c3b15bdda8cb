package io.catena.lab.cli;

import io.catena.lab.demo.InProcessRegions;
import io.catena.lab.demo.RemoteRegions;
import io.catena.lab.demo.RunRegions;
import io.catena.server.cli.Logging;
import io.catena.server.config.TimeSpan;
import io.catena.lab.tpcc.TpccOptions;
import io.catena.lab.tpcc.TpccRun;
import io.catena.tpcc.TpccMix;
import io.catena.tpcc.TpccScale;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code catena tpcc}: TPC-C on an in-process multi-region cluster, with its consistency conditions checked. */
@Command(name = "tpcc", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Load a TPC-C database into every region of a cluster started in this process, drive it "
                + "from terminals in every region through the client library (NewOrder, Payment and Delivery as "
                + "procedures, OrderStatus and StockLevel as local snapshot reads), then check TPC-C's consistency "
                + "conditions in every region and that the regions hold identical state.",
                "With --url (once per region) it runs against a running cluster whose regions were started with "
                        + "--preload tpcc:... at the same scale, and checks the conditions through snapshot reads."})
public final class TpccCommand implements Callable<Integer> {

    /** Options that shape the cluster this command starts, which a running cluster's files decide instead. */
    private static final List<String> IN_PROCESS_ONLY = List.of("--regions", "--preset", "--epoch", "--storage",
            "--protocol", "--epoch-offsets");

    @Option(names = "--url", paramLabel = "URL",
            description = "a region of a running cluster, e.g. catena://127.0.0.1:7101/local?region=us-central1; "
                    + "give one per region (start the regions with --preload tpcc:warehouses=W,customers=C,items=I)")
    List<String> urls;

    @Option(names = "--warehouses", defaultValue = "2", description = "W, the number of warehouses (default: ${DEFAULT-VALUE})")
    int warehouses;

    @Option(names = "--customers", defaultValue = "3000",
            description = "customers (and loaded orders) per district, 10-3000; fewer than the specification's 3,000 "
                    + "load faster (default: ${DEFAULT-VALUE})")
    int customers;

    @Option(names = "--items", defaultValue = "100000",
            description = "items (and stock rows per warehouse), 100-100000 (default: ${DEFAULT-VALUE})")
    int items;

    @Option(names = "--mix", defaultValue = "standard",
            description = "standard (45/43/4/4/4), new-order, order-status, or a list such as new-order:50,payment:50 "
                    + "(default: ${DEFAULT-VALUE})")
    String mix;

    @Option(names = "--terminals", defaultValue = "10",
            description = "closed-loop terminals per region, without think time (default: ${DEFAULT-VALUE})")
    int terminals;

    @Option(names = "--warmup", defaultValue = "10s", converter = TimeSpanConverter.class,
            description = "how long terminals run before the measured run (default: ${DEFAULT-VALUE})")
    TimeSpan warmup;

    @Option(names = "--duration", defaultValue = "60s", converter = TimeSpanConverter.class,
            description = "how long the measured run lasts (default: ${DEFAULT-VALUE})")
    TimeSpan duration;

    @Option(names = {"-v", "--verbose"}, description = "log what the nodes do, and show stack traces on errors")
    boolean verbose;

    @Mixin
    ClusterShapeOptions shape;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Logging.quiet(!verbose);
        if (shape.historyOut != null) {
            throw new IllegalArgumentException("catena tpcc records no history: its checks are TPC-C's consistency "
                    + "conditions in every region; leave out --history-out");
        }
        TpccOptions options = new TpccOptions(new TpccScale(warehouses, TpccScale.STANDARD_DISTRICTS, customers, items),
                TpccMix.parse(mix), terminals, warmup, duration, shape.seed);
        return new TpccRun(regions(), options, spec.commandLine().getOut()).run();
    }

    /** The cluster this command starts, or, with --url, the running cluster's regions. */
    private RunRegions regions() {
        if (urls == null || urls.isEmpty()) {
            return new InProcessRegions(shape.shape());
        }
        for (String option : IN_PROCESS_ONLY) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new IllegalArgumentException(option + " shapes the cluster catena tpcc starts; with --url the "
                        + "running cluster's own files decide it, so leave " + option + " out");
            }
        }
        return new RemoteRegions(urls, TpccRun.TERMINAL_TIMEOUT);
    }
}
