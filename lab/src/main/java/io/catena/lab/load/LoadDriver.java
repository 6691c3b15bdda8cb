package io.catena.lab.load;

import io.catena.server.host.MicrosClock;
import io.catena.lab.report.RegionRecorder;
import io.catena.lab.report.RunRecorder;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import io.catena.harness.record.TxnClass;
import io.catena.harness.SeededRandom;
import io.catena.harness.workload.ClientTxn;
import io.catena.harness.workload.UniqueValues;
import io.catena.harness.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Drives a workload against a cluster with closed-loop clients: each client submits its next
 * transaction as soon as the previous one is answered, until the run's deadline. Clients are
 * callbacks, not threads, so thousands of them cost nothing on two cores. Answers are handled on
 * one driver thread: the workload needs no locking, and a gateway that fails at once cannot
 * recurse. Every transaction is counted in the run's recorder and, if asked, recorded as a history
 * line in the harness's history format, each client being one session and every time read from this
 * process's one clock.
 */
public final class LoadDriver implements AutoCloseable {

    private final Workload workload;
    private final List<String> regionNames;
    private final List<TxnGateway> gateways;
    private final List<RegionRecorder> recorders;
    private final long measuredFromMicros;
    private final boolean recordHistory;
    private final MicrosClock clock = MicrosClock.system();
    /** Encoded, so that a long run's history does not weigh on the collector; empty if not recorded. */
    private final HistorySpool history = new HistorySpool();
    private final AtomicBoolean issuing = new AtomicBoolean();
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicLong finished = new AtomicLong();
    private final CountDownLatch drained = new CountDownLatch(1);
    private final ExecutorService driverThread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "catena-load-driver");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param gateways one per region, in region order
     * @param recorder  where every finished transaction submitted from its start is counted, per region
     */
    public LoadDriver(Workload workload, List<String> regionNames, List<TxnGateway> gateways, RunRecorder recorder,
                      boolean recordHistory) {
        if (regionNames.size() != gateways.size()) {
            throw new IllegalArgumentException("one gateway per region");
        }
        this.workload = workload;
        this.regionNames = List.copyOf(regionNames);
        this.gateways = List.copyOf(gateways);
        this.recorders = regionNames.stream().map(recorder::region).toList();
        this.measuredFromMicros = recorder.startMicros();
        this.recordHistory = recordHistory;
    }

    /**
     * Starts {@code clientsPerRegion} clients in every region. Each client has its own random
     * stream forked from {@code seed}, so the transactions drawn are the same in every run.
     */
    public void start(int clientsPerRegion, long seed) {
        issuing.set(true);
        SeededRandom root = new SeededRandom(seed);
        List<Runnable> starts = new ArrayList<>();
        for (int r = 0; r < gateways.size(); r++) {
            for (int c = 0; c < clientsPerRegion; c++) {
                long clientNumber = (long) r * clientsPerRegion + c + 1;
                Client client = new Client(r, clientNumber, root.fork("client-" + clientNumber),
                        new UniqueValues(clientNumber));
                starts.add(client::next);
            }
        }
        starts.forEach(driverThread::execute);
    }

    /** Stops issuing new transactions; the ones in flight finish. */
    public void stopIssuing() {
        issuing.set(false);
        if (inFlight.get() == 0) {
            drained.countDown();
        }
    }

    /** Waits for the transactions in flight after {@link #stopIssuing}; false on timeout. */
    public boolean awaitDrained(long timeout, TimeUnit unit) throws InterruptedException {
        return drained.await(timeout, unit);
    }

    public long finished() {
        return finished.get();
    }

    public long inFlight() {
        return inFlight.get();
    }

    /**
     * The recorded history, in completion order, decoded anew on each call: call it once, when
     * the run is over (and {@link #historySize} for its size).
     */
    public List<HistoryEvent> history() {
        return history.events();
    }

    /** How many transactions the history holds so far. */
    public int historySize() {
        return history.size();
    }

    /** One closed-loop client of one region: one session of the history. */
    private final class Client {
        private final int region;
        private final long session;
        private final SeededRandom random;
        private final UniqueValues unique;

        Client(int region, long session, SeededRandom random, UniqueValues unique) {
            this.region = region;
            this.session = session;
            this.random = random;
            this.unique = unique;
        }

        void next() {
            if (!issuing.get()) {
                return;
            }
            ClientTxn txn = workload.next(random, unique);
            long start = clock.nowMicros();
            inFlight.incrementAndGet();
            gateways.get(region).submit(txn).whenCompleteAsync((reply, failure) -> {
                finish(txn, start, reply, failure);
                if (inFlight.decrementAndGet() == 0 && !issuing.get()) {
                    drained.countDown();
                }
                next();
            }, driverThread);
        }

        private void finish(ClientTxn txn, long start, GatewayReply reply, Throwable failure) {
            long end = clock.nowMicros();
            finished.incrementAndGet();
            TxnOutcome outcome = failure != null ? TxnOutcome.UNKNOWN : TxnOutcome.of(reply.result().outcome());
            TxnClass txnClass = txn.isReadOnly() ? TxnClass.READ_ONLY
                    : reply != null && reply.contended() ? TxnClass.CONFLICTING : TxnClass.NON_CONFLICTING;
            if (start < measuredFromMicros) {
                // Submitted during the warm-up: in the history, checked, but not measured.
            } else if (reply != null) {
                recorders.get(region).record(txnClass, reply.result(), end - start, end);
            } else {
                recorders.get(region).record(txnClass, outcome, failure.getMessage(), end - start, end);
            }
            if (recordHistory) {
                String id = reply != null ? reply.requestId() : "r" + region + "-" + unique.next();
                history.append(new HistoryEvent(id, session, regionNames.get(region),
                        txn.isReadOnly() ? TxnType.READ_ONLY : TxnType.READ_WRITE, start,
                        failure != null ? null : end, outcome,
                        reply == null || reply.version() == null ? null
                                : reply.version().epoch() + "." + reply.version().rank(),
                        (reply != null && reply.ran() != null ? reply.ran() : txn)
                                .observed(reply == null ? null : reply.result())));
            }
        }
    }

    @Override
    public void close() {
        issuing.set(false);
        driverThread.shutdownNow();
    }
}
