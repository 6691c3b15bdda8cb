package site.ycsb.db.catena;

import java.util.function.Supplier;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * YCSB+T's start, commit and abort, which YCSB 0.17.0's {@code DB} lacks. A workload calls them on
 * a client thread around that thread's {@code db.read}/{@code db.update}/… calls; each
 * {@link CatenaClient} registers itself for its thread when YCSB initialises it (YCSB runs
 * {@code init()} on the client thread), so the operations in between go into one interactive
 * Catena transaction. Each call is measured like an operation, as {@code START}, {@code COMMIT}
 * and {@code ABORT}, so that YCSB's report shows their counts, statuses and latencies; a failed
 * commit's latency is reported under {@code COMMIT-FAILED}, as YCSB does for other operations.
 *
 * <p>{@link #transact} runs a whole transaction, again after a conflict as often as
 * {@code catena.retries} allows, and measures it as {@code TRANSACTION}.
 */
public final class CatenaTransactions {

    private static final ThreadLocal<CatenaClient> CLIENT = new ThreadLocal<>();

    private CatenaTransactions() {
    }

    static void register(CatenaClient client) {
        CLIENT.set(client);
    }

    static void unregister(CatenaClient client) {
        if (CLIENT.get() == client) {
            CLIENT.remove();
        }
    }

    /** Opens a transaction on this thread's client: the thread's next operations run in it. */
    public static Status start() {
        return timed("START", () -> client().begin());
    }

    /** Commits the thread's open transaction; {@code CONFLICT} if a row it read changed meanwhile. */
    public static Status commit() {
        return timed("COMMIT", () -> client().commit());
    }

    /** Rolls the thread's open transaction back; nothing of it is written. */
    public static Status abort() {
        return timed("ABORT", () -> client().abort());
    }

    /**
     * Runs {@code body} (the operations, through YCSB's {@code db}) in a transaction and commits it;
     * when the body or the commit reports a conflict, runs it again in a new transaction, at most
     * {@code catena.retries} more times. A body that reports another failure is aborted.
     *
     * @param body the transaction's operations; OK if it should commit
     * @return OK if it committed, else why not (the last attempt's status)
     */
    public static Status transact(Supplier<Status> body) {
        long startNanos = System.nanoTime();
        Status outcome = attempt(body);
        for (int retry = 0; outcome == CatenaStatus.CONFLICT && retry < client().retries(); retry++) {
            outcome = attempt(body);
        }
        return measured("TRANSACTION", startNanos, outcome);
    }

    private static Status attempt(Supplier<Status> body) {
        Status started = start();
        if (!started.isOk()) {
            return started;
        }
        Status ran = body.get();
        if (!ran.isOk()) {
            abort();
            return ran;
        }
        return commit();
    }

    private static CatenaClient client() {
        CatenaClient c = CLIENT.get();
        if (c == null) {
            throw new IllegalStateException("No Catena client on this thread: YCSB+T transactions need -db "
                    + CatenaClient.class.getName() + " and must run on YCSB's client threads.");
        }
        return c;
    }

    private static Status timed(String operation, Supplier<Status> call) {
        long startNanos = System.nanoTime();
        return measured(operation, startNanos, call.get());
    }

    private static Status measured(String operation, long startNanos, Status status) {
        long micros = (System.nanoTime() - startNanos) / 1000;
        Measurements m = Measurements.getMeasurements();
        m.measure(status.isOk() ? operation : operation + "-FAILED", (int) Math.min(Integer.MAX_VALUE, micros));
        m.reportStatus(operation, status);
        return status;
    }
}
