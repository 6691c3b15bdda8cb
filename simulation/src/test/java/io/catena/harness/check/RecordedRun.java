package io.catena.harness.check;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.run.SeedResult;
import io.catena.simulation.run.SeedRun;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one simulated seed recorded: the header its file carries, the client-observed history,
 * every region's final lists, and the check the run itself made of them. Runs are kept once made,
 * since every mutant starts from the same few seeds.
 *
 * @param workload    the workload that ran
 * @param seed        the seed that ran
 * @param header      the header the run's history file carries
 * @param history     the history as recorded
 * @param finalLists  every region's final list of every list key (none for a workload without lists)
 * @param finalBalances every region's balance of every account (empty without a bank)
 * @param report      the run's own check, with the final states
 */
record RecordedRun(RecordedWorkload workload, long seed, HistoryHeader header, List<HistoryEvent> history,
                   FinalLists finalLists, Map<String, Map<String, Long>> finalBalances, CheckReport report) {

    private static final Map<String, RecordedRun> RUNS = new ConcurrentHashMap<>();

    /** The history {@code seed} of {@code workload} records, run on first use. */
    static RecordedRun of(RecordedWorkload workload, long seed) {
        return RUNS.computeIfAbsent(workload + "/" + seed, name -> {
            SeedResult result = new SeedRun(workload.config(), ProcedureRegistry.empty()).run(seed, 0);
            return new RecordedRun(workload, seed, result.header(), result.history(), result.finalStates().lists(),
                    result.finalStates().balances(),
                    result.report());
        });
    }

    /** E.g. {@code LISTS seed 3 (bin/catena-sim sweep -s 3 --workload ...)}, to replay it. */
    String describe() {
        return workload + " seed " + seed + " (bin/catena-sim sweep -s " + seed + " " + workload.flags() + ")";
    }
}
