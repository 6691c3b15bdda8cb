package io.catena.lab.fault;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A fault run second by second, from its history: how many transactions ended committed, aborted
 * or unanswered in each second, the commit latency's p50 and p99 among them, and whether the
 * second lies before, during or after the fault; and the same figures over each phase. A
 * transaction counts in the second its answer came (or its client gave up).
 */
public final class FaultTimeline {

    private static final long SECOND_MICROS = 1_000_000;

    /** Where a second or a transaction lies relative to the fault. */
    public enum Phase { BEFORE, FAULT, AFTER }

    /**
     * One second of the run: a row of the report's CSV file.
     *
     * @param second    seconds from the start of the load
     * @param byRegion  the commits of each region's clients, in {@link ThreeRegionProcesses#REGIONS} order
     * @param p50Millis the median commit latency of the transactions committed in it; NaN if none was
     * @param p99Millis their 99th percentile; NaN if none was
     * @param marks     the scenario's steps taken in it, each {@code "fault: "} or {@code "healed: "}
     *                  and what was done, {@code "; "}-separated; or empty
     */
    public record Second(int second, long committed, List<Long> byRegion, long aborted, long unknown,
                         double p50Millis, double p99Millis, Phase phase, String marks) {
        public Second {
            byRegion = List.copyOf(byRegion);
        }
    }

    /**
     * A phase's figures over its whole length.
     *
     * @param minCommitsPerSecond the fewest commits of a second of the phase (its dip)
     * @param maxMillis           the longest commit latency among the transactions committed in it
     */
    public record PhaseFigures(Phase phase, double seconds, double commitsPerSecond, long minCommitsPerSecond,
                               double p50Millis, double p99Millis, double maxMillis) {
    }

    private final List<Second> seconds;
    private final List<PhaseFigures> phases;
    private final List<Double> firstCommitAfterHealMillis;

    private FaultTimeline(List<Second> seconds, List<PhaseFigures> phases, List<Double> firstCommitAfterHealMillis) {
        this.seconds = seconds;
        this.phases = phases;
        this.firstCommitAfterHealMillis = firstCommitAfterHealMillis;
    }

    /** The timeline of {@code history}, whose load started at {@code startMicros}, with the scenario's {@code marks}. */
    public static FaultTimeline of(List<HistoryEvent> history, long startMicros, List<FaultMark> marks) {
        long endMicros = history.stream().mapToLong(FaultTimeline::endMicros).max().orElse(startMicros);
        long faultFrom = marks.stream().filter(m -> !m.healed()).mapToLong(FaultMark::atMicros).min()
                .orElse(endMicros);
        long healedAt = marks.stream().filter(FaultMark::healed).mapToLong(FaultMark::atMicros).max()
                .orElse(endMicros);
        int count = (int) ((endMicros - startMicros) / SECOND_MICROS) + 1;
        List<Second> seconds = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            long from = startMicros + s * SECOND_MICROS;
            long to = from + SECOND_MICROS;
            Phase phase = to <= faultFrom ? Phase.BEFORE : from >= healedAt ? Phase.AFTER : Phase.FAULT;
            String marked = marks.stream().filter(m -> m.atMicros() >= from && m.atMicros() < to)
                    .map(m -> (m.healed() ? "healed: " : "fault: ") + m.what()).collect(Collectors.joining("; "));
            seconds.add(second(s, inWindow(history, from, to), phase, marked));
        }
        List<PhaseFigures> phases = new ArrayList<>();
        long[][] windows = {{startMicros, faultFrom}, {faultFrom, healedAt}, {healedAt, endMicros + 1}};
        for (Phase p : Phase.values()) {
            long[] w = windows[p.ordinal()];
            List<Second> phaseSeconds = seconds.stream().filter(s -> s.phase() == p).toList();
            phases.add(figures(p, inWindow(history, w[0], w[1]), w[1] - w[0], phaseSeconds));
        }
        List<Double> firstCommits = ThreeRegionProcesses.REGIONS.stream().map(r -> history.stream()
                .filter(e -> e.outcome() == TxnOutcome.COMMITTED && e.region().equals(r)
                        && e.completeMicros() >= healedAt)
                .mapToLong(e -> e.completeMicros() - healedAt).min().stream()
                .mapToDouble(micros -> micros / 1_000.0).findFirst().orElse(Double.NaN)).toList();
        return new FaultTimeline(List.copyOf(seconds), List.copyOf(phases), firstCommits);
    }

    private static Second second(int index, List<HistoryEvent> ended, Phase phase, String marks) {
        List<Long> byRegion = ThreeRegionProcesses.REGIONS.stream().map(r -> ended.stream()
                .filter(e -> e.outcome() == TxnOutcome.COMMITTED && e.region().equals(r)).count()).toList();
        long[] latencies = commitLatencies(ended);
        return new Second(index, count(ended, TxnOutcome.COMMITTED), byRegion, count(ended, TxnOutcome.ABORTED),
                count(ended, TxnOutcome.UNKNOWN), percentileMillis(latencies, 0.50),
                percentileMillis(latencies, 0.99), phase, marks);
    }

    private static PhaseFigures figures(Phase phase, List<HistoryEvent> ended, long lengthMicros,
                                        List<Second> phaseSeconds) {
        long[] latencies = commitLatencies(ended);
        double seconds = lengthMicros / 1e6;
        long min = phaseSeconds.stream().mapToLong(Second::committed).min().orElse(0);
        return new PhaseFigures(phase, seconds, seconds <= 0 ? 0 : latencies.length / seconds, min,
                percentileMillis(latencies, 0.50), percentileMillis(latencies, 0.99), percentileMillis(latencies, 1));
    }

    private static List<HistoryEvent> inWindow(List<HistoryEvent> history, long fromMicros, long toMicros) {
        return history.stream().filter(e -> endMicros(e) >= fromMicros && endMicros(e) < toMicros).toList();
    }

    /** When the transaction's answer came, or, unanswered, when it was sent. */
    private static long endMicros(HistoryEvent e) {
        return e.completeMicros() != null ? e.completeMicros() : e.invokeMicros();
    }

    private static long count(List<HistoryEvent> events, TxnOutcome outcome) {
        return events.stream().filter(e -> e.outcome() == outcome).count();
    }

    private static long[] commitLatencies(List<HistoryEvent> events) {
        return events.stream().filter(e -> e.outcome() == TxnOutcome.COMMITTED)
                .mapToLong(e -> e.completeMicros() - e.invokeMicros()).sorted().toArray();
    }

    /** The nearest-rank percentile of sorted {@code latencies}, in milliseconds; NaN if there are none. */
    static double percentileMillis(long[] latencies, double quantile) {
        if (latencies.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(quantile * latencies.length);
        return latencies[Math.max(0, rank - 1)] / 1_000.0;
    }

    public List<Second> seconds() {
        return seconds;
    }

    /** The figures of each phase, in phase order. */
    public List<PhaseFigures> phases() {
        return phases;
    }

    /**
     * How long after the (last) heal each region's clients saw their first commit, in milliseconds,
     * in {@link ThreeRegionProcesses#REGIONS} order; NaN for a region without one.
     */
    public List<Double> firstCommitAfterHealMillis() {
        return firstCommitAfterHealMillis;
    }

    /** The figures of {@code phase}. */
    public PhaseFigures phase(Phase phase) {
        return phases.get(phase.ordinal());
    }
}
