package io.catena.lab.fault;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.lab.report.Check;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Failover figures of a coordinator scenario, from its marks and the run's history: for each
 * fault (a leader killed or paused) followed by its heal (the standby leading), how long the
 * takeover took, and how long until the region's clients saw the first commit answered by the new
 * leader; then the transactions of the region answered "outcome unknown". The p99 of a handful of
 * failovers is their maximum, and is printed as such.
 */
final class Failovers {

    private Failovers() {
    }

    static ScenarioFindings of(List<HistoryEvent> history, List<FaultMark> marks, String region) {
        List<Long> takeovers = new ArrayList<>();
        List<Long> firstCommits = new ArrayList<>();
        int faults = 0;
        for (int i = 0; i < marks.size(); i++) {
            FaultMark fault = marks.get(i);
            if (fault.healed()) {
                continue;
            }
            faults++;
            if (i + 1 < marks.size() && marks.get(i + 1).healed()) {
                long led = marks.get(i + 1).atMicros();
                takeovers.add((led - fault.atMicros()) / 1_000);
                firstCommit(history, region, led).ifPresent(c -> firstCommits.add((c - fault.atMicros()) / 1_000));
            }
        }
        long unknown = history.stream().filter(e -> e.region().equals(region) && e.outcome() == TxnOutcome.UNKNOWN)
                .count();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "failovers of %s: %d; takeover (death to the standby serving) %s; "
                + "first commit from the new leader %s", region, faults, spread(takeovers), spread(firstCommits)));
        lines.add("failover times, ms: takeover " + takeovers + ", first commit " + firstCommits);
        lines.add(String.format(Locale.ROOT, "transactions of %s answered \"outcome unknown\": %d (%.1f per failover)",
                region, unknown, faults == 0 ? 0.0 : (double) unknown / faults));
        Check everyOne = new Check("every one of " + faults + " failovers of " + region + " taken over, and committed "
                + "again", faults > 0 && takeovers.size() == faults && firstCommits.size() == faults);
        return new ScenarioFindings(lines, List.of(everyOne));
    }

    private static java.util.OptionalLong firstCommit(List<HistoryEvent> history, String region, long fromMicros) {
        return history.stream().filter(e -> e.region().equals(region) && e.outcome() == TxnOutcome.COMMITTED)
                .filter(e -> e.completeMicros() != null && e.completeMicros() >= fromMicros)
                .mapToLong(HistoryEvent::completeMicros).min();
    }

    /** Median and the slowest (the p99 of fewer than a hundred), in milliseconds. */
    private static String spread(List<Long> millis) {
        if (millis.isEmpty()) {
            return "none";
        }
        List<Long> sorted = millis.stream().sorted().toList();
        long median = sorted.get((sorted.size() - 1) / 2);
        return String.format(Locale.ROOT, "p50 %,d ms, p99 (max of %d) %,d ms", median, sorted.size(),
                sorted.get(sorted.size() - 1));
    }
}
