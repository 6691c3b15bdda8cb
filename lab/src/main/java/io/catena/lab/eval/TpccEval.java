package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;
import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.InProcessRegions;
import io.catena.server.config.TimeSpan;
import io.catena.lab.tpcc.TpccFigures;
import io.catena.lab.tpcc.TpccOptions;
import io.catena.lab.tpcc.TpccReport;
import io.catena.lab.tpcc.TpccRun;
import io.catena.tpcc.TpccMix;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccTransaction;
import java.io.PrintWriter;
import java.util.List;

/**
 * The paper's Fig. 7: TPC-C's NewOrder-only and OrderStatus-only mixes over a sweep of terminals
 * per region, for every protocol, and the standard mix at the largest count. Every run ends with
 * TPC-C's consistency conditions checked in every region and the regions compared.
 */
public final class TpccEval {

    /** One panel: its name, the mix, and the transaction whose figures it plots. */
    record Panel(String name, TpccMix mix, TpccTransaction plotted) {
    }

    private final EvalSettings settings;
    private final List<Integer> terminals;
    private final TpccScale scale;
    private final PrintWriter out;

    public TpccEval(EvalSettings settings, List<Integer> terminals, TpccScale scale, PrintWriter out) {
        if (terminals.isEmpty() || terminals.stream().anyMatch(t -> t < 1)) {
            throw new IllegalArgumentException("--terminals lists positive numbers per region, not " + terminals);
        }
        this.settings = settings;
        this.terminals = List.copyOf(terminals);
        this.scale = scale;
        this.out = out;
    }

    public EvalResults run() throws InterruptedException {
        EvalResults results = new EvalResults("fig7-tpcc", "terminals per region");
        List<Panel> sweeps = List.of(new Panel("new-order", TpccMix.newOrderOnly(), TpccTransaction.NEW_ORDER),
                new Panel("order-status", TpccMix.orderStatusOnly(), TpccTransaction.ORDER_STATUS));
        Panel standard = new Panel("standard-mix", TpccMix.standard(), TpccTransaction.NEW_ORDER);
        int most = terminals.stream().mapToInt(Integer::intValue).max().orElseThrow();
        int total = settings.protocols().size() * (sweeps.size() * terminals.size() + 1);
        int n = 0;
        for (Panel panel : sweeps) {
            for (Protocol protocol : settings.protocols()) {
                for (int t : terminals) {
                    out.printf("%n[%d/%d] TPC-C %s, %s, %d terminals per region%n", ++n, total, panel.name(), protocol, t);
                    results.add(measure(panel, protocol, t));
                }
            }
        }
        for (Protocol protocol : settings.protocols()) {
            out.printf("%n[%d/%d] TPC-C standard mix, %s, %d terminals per region%n", ++n, total, protocol, most);
            results.add(measure(standard, protocol, most));
        }
        return results;
    }

    private EvalPoint measure(Panel panel, Protocol protocol, int terminalsPerRegion) throws InterruptedException {
        TpccOptions options = new TpccOptions(scale, panel.mix(), terminalsPerRegion, settings.warmup(),
                settings.duration(), settings.seed());
        TpccReport report = new TpccRun(new InProcessRegions(ClusterShape.gcp3(TimeSpan.ofMillis(10), protocol)),
                options, out).execute();
        if (!report.allChecksPassed()) {
            out.print(report.render());
        }
        TpccFigures f = report.figures(panel.plotted());
        return new EvalPoint(panel.name(), protocol, terminalsPerRegion, f.committed(), f.perSecond(), f.p50Millis(),
                f.p99Millis(), f.abortRate(), report.allChecksPassed());
    }
}
