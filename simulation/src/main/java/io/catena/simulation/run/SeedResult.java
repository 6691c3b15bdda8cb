package io.catena.simulation.run;

import io.catena.harness.run.FinalStates;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.check.TxnOutcome;
import io.catena.simulation.client.LatencyRecorder;
import java.util.List;

/**
 * What one seed did and whether it was correct.
 *
 * @param header      what the history's file says of the run, and what its check was configured from
 * @param finalStates every region's final lists and balances, as the check compared them; no file
 *                    holds them
 * @param divergent   chain keys whose final state differs between regions
 * @param unanswered  transactions no client got an answer for by the end of the run
 * @param fingerprint the run's trace fingerprint (equal for equal runs)
 */
public record SeedResult(long seed, String faults, HistoryHeader header, List<HistoryEvent> history,
                         FinalStates finalStates, CheckReport report, long divergent,
                         long unanswered, long simulatedMicros, long events, long wallMillis, long fingerprint,
                         List<LatencyRecorder> latencies, RunStats stats) {

    public long txns() {
        return history.size();
    }

    public long committed() {
        return history.stream().filter(HistoryEvent::committed).count();
    }

    /** Transactions their own logic aborted (a failed check or insert, a procedure's abort). */
    public long aborted() {
        return history.stream().filter(e -> e.outcome() == TxnOutcome.ABORTED).count();
    }

    public boolean ok() {
        return report.anomalies() == 0 && divergent == 0 && report.lost() == 0 && unanswered == 0;
    }

    public String line() {
        return "seed=" + seed + " faults=" + faults + " txns=" + txns() + " committed=" + committed()
                + " aborted=" + aborted()
                + " anomalies=" + report.anomalies() + " divergent=" + divergent + " lost=" + report.lost()
                + " unanswered=" + unanswered + " epochKB=" + stats.epochMessageBytes() / 1024
                + " sim=" + simulatedMicros / 1000 + "ms wall=" + wallMillis + "ms";
    }
}
