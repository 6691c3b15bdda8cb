package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.Protocol;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A few seeds of each workload whose aborts sit on a later hop than its writes: bank payments
 * that check their payer last, ad hoc and as calls of the bank's procedure, and list appends that
 * end on an insert. Each must end clean, and must really have aborted transactions there: a
 * configuration whose payers never run short, or whose procedure no region registered (its calls
 * would all be rejected, which no checker minds), would pass while checking nothing. The sweep
 * passes no procedures, so the bank's must come from the workload, on Catena and the baselines
 * (which run a whole transaction at its home, so for them no hop comes later: they must only run
 * the calls and stay clean).
 */
class LaterHopAbortSweepTest {

    private static final long SEEDS = Long.getLong("catena.sim.laterHopSeeds", 3);

    private static List<SweepSlice> slices() {
        String both = "bank:calls=0.5,payer=last,balance=100,split=0.3";
        List<SweepSlice> slices = new ArrayList<>(SimulationSweepTest.laterHopSlices());
        slices.add(new SweepSlice("2PL, bank, procedure calls, payer last", 1, 1,
                "--load-s 3 --protocol 2pl --workload " + both));
        slices.add(new SweepSlice("OCC, bank, procedure calls, payer last", 1, 1,
                "--load-s 3 --protocol occ --workload " + both));
        return slices;
    }

    @Test
    void everySeedIsCleanAndSomeTransactionsAbortedOnALaterHop() {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<String> failures = new ArrayList<>();
        for (SweepSlice slice : slices()) {
            long[] laterHopAborts = new long[1];
            long[] rejected = new long[1];
            SeedSweep.Summary summary = new SeedSweep(slice.config(), ProcedureRegistry.empty(), threads)
                    .run(1, SEEDS, r -> {
                        laterHopAborts[0] += laterHopAborts(r.history());
                        rejected[0] += r.history().stream().filter(e -> e.outcome() == TxnOutcome.REJECTED).count();
                    });
            System.out.printf("%-44s %s laterHopAborts=%d (%.1f s)%n", slice.name(), summary.line(),
                    laterHopAborts[0], summary.wallMillis() / 1000.0);
            failures.addAll(slice.failures(summary));
            assertThat(summary.committed()).as("%s committed something", slice.name()).isPositive();
            assertThat(rejected[0]).as("%s: transactions rejected (an unregistered procedure?)", slice.name()).isZero();
            if (slice.config().protocol().equals(Protocol.CATENA)) {
                // A baseline's aborts include lost conflicts, which its history cannot tell apart.
                assertThat(laterHopAborts[0]).as("%s aborted transactions on a later hop", slice.name()).isPositive();
            }
        }
        assertThat(failures).as("failing seeds").isEmpty();
    }

    /**
     * Aborted read-write transactions that wrote, in the history's program order, on another
     * chain key than the one of their last operation. In these workloads only that last
     * operation can abort (a payer's check, an insert of a claim), so each of them aborted on a
     * later hop after an earlier hop had written.
     */
    static long laterHopAborts(List<HistoryEvent> history) {
        long n = 0;
        for (HistoryEvent e : history) {
            if (e.type() != TxnType.READ_WRITE || e.outcome() != TxnOutcome.ABORTED || e.ops().size() < 2) {
                continue;
            }
            String last = chainKey(e.ops().get(e.ops().size() - 1));
            for (HistoryOp op : e.ops().subList(0, e.ops().size() - 1)) {
                if (op.f() != OpFunction.READ && !chainKey(op).equals(last)) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    /** A history key is a row key: its chain key, then {@code #clustering} when there is one. */
    private static String chainKey(HistoryOp op) {
        int hash = op.key().indexOf('#');
        return hash < 0 ? op.key() : op.key().substring(0, hash);
    }
}
