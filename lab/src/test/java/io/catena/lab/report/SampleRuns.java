package io.catena.lab.report;

import io.catena.harness.check.TxnOutcome;
import io.catena.harness.record.TxnClass;
import io.catena.core.wan.HeliosBound;
import io.catena.core.wan.LatencyModel;
import io.catena.core.wan.LatencyMatrix;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Fixed run summaries for the rendering tests: every figure in them can be worked out by hand. */
final class SampleRuns {

    static final long SECOND_MICROS = 1_000_000;

    private SampleRuns() {
    }

    /**
     * Three GCP regions over 3 s. us-central1 has everything; europe-west1 has no speculation
     * figure; asia-east1 committed no conflicting and no read-only transactions.
     */
    static RunSummary threeRegions() {
        RegionSummary us = new RegionSummary("us-central1", latencies(
                        samples(55_000, 50, 60_000, 48, 90_000, 2),
                        samples(110_000, 50, 130_000, 49, 200_000, 1),
                        samples(1_500, 90, 3_000, 10)),
                new OutcomeCounts(300, Map.of("insufficient funds", 6L), 0, 0, 0), 2.5, 0.96,
                series(90, 110, 100));
        RegionSummary europe = new RegionSummary("europe-west1", latencies(
                        samples(105_000, 100),
                        samples(210_000, 99, 250_000, 1),
                        samples(1_200, 100)),
                new OutcomeCounts(300, Map.of("insufficient funds", 2L, "procedure abort", 1L), 0, 0, 0), 102.5, null,
                series(100, 100, 100));
        RegionSummary asia = new RegionSummary("asia-east1", latencies(
                        samples(155_000, 150),
                        samples(),
                        samples()),
                new OutcomeCounts(150, Map.of(), 0, 3, 1), 152.5, null,
                series(40, 50, 60));
        return new RunSummary("catena demo: 3 regions, bank workload",
                List.of(new ConfigFact("preset", "gcp3"), new ConfigFact("epoch", "10 ms"),
                        new ConfigFact("duration", "3 s"), new ConfigFact("workload", "bank"),
                        new ConfigFact("clients", "4 per region")),
                List.of(us, europe, asia),
                List.of(Check.equal("bank total conserved", 1_000_000, 1_000_000),
                        Check.fail("all 3 regions hold identical state (4,096 rows)")));
    }

    /**
     * A 30 s demo-like run on the GCP matrix with 10 ms epochs, recorded the way a driver records
     * one: about 100 transactions per second per region through a {@link RunRecorder}, latencies
     * spread around what the latency model predicts, one abort in a hundred, and the Helios bounds
     * and speculation success set afterwards.
     */
    static RunSummary recorded(long seed) {
        LatencyMatrix matrix = LatencyMatrix.gcp3();
        LatencyModel model = new LatencyModel(matrix, 10_000, 0);
        Random random = new Random(seed);
        long startMicros = 1_000_000_000L;
        long durationMicros = 30 * SECOND_MICROS;
        RunRecorder recorder = new RunRecorder(matrix.regions(), startMicros, SECOND_MICROS);
        for (int i = 0; i < matrix.size(); i++) {
            RegionRecorder region = recorder.region(matrix.regions().get(i));
            for (long at = startMicros; at < startMicros + durationMicros; at += 5_000 + random.nextInt(10_000)) {
                TxnClass c = TxnClass.values()[random.nextInt(3)];
                double predicted = switch (c) {
                    case NON_CONFLICTING -> model.nonConflicting(i, 1_500);
                    case CONFLICTING -> model.conflicting(i, 2_000, 1_500);
                    case READ_ONLY -> 1_500;
                };
                // Transactions arrive anywhere in their epoch, and a few are slowed by a busy region.
                double latency = predicted * (1 + 0.1 * (random.nextDouble() - 0.5))
                        + (random.nextInt(50) == 0 ? predicted * 0.2 * random.nextDouble() : 0);
                TxnOutcome outcome = random.nextInt(100) == 0 ? TxnOutcome.ABORTED : TxnOutcome.COMMITTED;
                region.record(c, outcome, "insufficient funds", (long) latency, at);
            }
        }
        double[] heliosMicros = HeliosBound.solve(matrix);
        List<RegionSummary> regions = new ArrayList<>();
        List<RegionSummary> measured = recorder.summarize(startMicros + durationMicros);
        for (int i = 0; i < measured.size(); i++) {
            regions.add(measured.get(i).withHeliosBoundMillis(heliosMicros[i] / 1000)
                    .withSpeculationSuccess(0.9 + 0.1 * random.nextDouble()));
        }
        return new RunSummary("catena demo: 3 regions, bank workload (seed " + seed + ")",
                List.of(new ConfigFact("preset", "gcp3"), new ConfigFact("epoch", "10 ms"),
                        new ConfigFact("duration", "30 s"), new ConfigFact("seed", Long.toString(seed))),
                regions, List.of(Check.equal("bank total conserved", 1_000_000, 1_000_000),
                        Check.pass("all 3 regions hold identical state (4,096 rows)")));
    }

    /** Samples in microseconds, given as value, count, value, count, ... */
    static LatencyDistribution samples(long... valueCountPairs) {
        int total = 0;
        for (int i = 1; i < valueCountPairs.length; i += 2) {
            total += (int) valueCountPairs[i];
        }
        long[] values = new long[total];
        int next = 0;
        for (int i = 0; i < valueCountPairs.length; i += 2) {
            for (long n = 0; n < valueCountPairs[i + 1]; n++) {
                values[next++] = valueCountPairs[i];
            }
        }
        return LatencyDistribution.ofMicros(values);
    }

    static Map<TxnClass, LatencyDistribution> latencies(LatencyDistribution nonConflicting,
                                                        LatencyDistribution conflicting,
                                                        LatencyDistribution readOnly) {
        Map<TxnClass, LatencyDistribution> m = new EnumMap<>(TxnClass.class);
        m.put(TxnClass.NON_CONFLICTING, nonConflicting);
        m.put(TxnClass.CONFLICTING, conflicting);
        m.put(TxnClass.READ_ONLY, readOnly);
        return m;
    }

    /** Commits per whole second. */
    static ThroughputSeries series(long... perSecond) {
        return new ThroughputSeries(SECOND_MICROS, perSecond.length * SECOND_MICROS, perSecond);
    }
}
