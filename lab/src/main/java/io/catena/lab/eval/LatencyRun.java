package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One run of {@code catena eval latency}: a protocol on a panel's matrix and workload, either
 * measured or a primer that is not.
 *
 * <p><b>Why primers.</b> Every run starts a fresh cluster, but all of them share one JVM, and a
 * protocol's code (the log protocols' node, log and shipment codec; Catena's chain servers) is
 * compiled by the JIT only once it runs. On two loaded cores that takes longer than a run's
 * warm-up of a few seconds, so the first run of a protocol in the process was measured half cold:
 * with {@code --protocols catena,helios,mf --warmup 2s --duration 4s} on ec2-5, Helios, the first
 * protocol of the log's code, had p99s of 0.6–1.2 s and medians up to 110 ms above the
 * simulator's, and its shipments reached peers up to a second late while the regions' threads
 * ran behind; the same command run twice in one process measured Helios at the simulator's
 * figures the second time, and Message Futures, when it ran first, showed the same tail.
 * So a protocol's first run in the process is preceded by an unmeasured one of the same load.
 */
record LatencyRun(LatencyPanel panel, Protocol protocol, boolean measured) {

    /**
     * The runs of {@code panels} × {@code protocols}, panel by panel, each measured once; before a
     * protocol's first measured run, a primer of it on the same panel.
     */
    static List<LatencyRun> schedule(List<LatencyPanel> panels, List<Protocol> protocols) {
        List<LatencyRun> runs = new ArrayList<>();
        Set<Protocol> primed = new HashSet<>();
        for (LatencyPanel panel : panels) {
            for (Protocol protocol : protocols) {
                if (primed.add(protocol)) {
                    runs.add(new LatencyRun(panel, protocol, false));
                }
                runs.add(new LatencyRun(panel, protocol, true));
            }
        }
        return runs;
    }

    /** The progress line's description, e.g. {@code gcp3, zipf, helios}. */
    String title() {
        return panel.title() + ", " + protocol + (measured ? "" : " (primer: not measured, so that its code is compiled)");
    }
}
