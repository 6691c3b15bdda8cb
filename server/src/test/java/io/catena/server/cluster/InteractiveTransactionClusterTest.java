package io.catena.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.ResultRow;
import io.catena.client.Retry;
import io.catena.client.Transaction;
import io.catena.client.TransactionAbortedException;
import io.catena.client.TxnOutcome;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.wan.LatencyMatrix;
import io.catena.server.net.WanEmulation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Interactive transactions ({@link Connection#begin()}) through the client library on three
 * regions in one JVM: what a transaction reads is what it commits against, a row that changed in
 * between aborts it with a retryable conflict and nothing written, and {@link Retry#transact} turns
 * contended read-modify-writes into exactly as many increments as it reports.
 */
class InteractiveTransactionClusterTest {

    private static final LatencyMatrix WAN = LatencyMatrix.uniform(3, 10_000);
    static final RegionId US = RegionId.of(0);
    static final RegionId EU = RegionId.of(1);
    private static InProcessCluster cluster;

    @BeforeAll
    static void start() throws InterruptedException {
        ClusterConfig protocol = ClusterConfig.builder().regions(WAN.regions()).build();
        cluster = InProcessCluster.start(InProcessCluster.Spec.loopback("interactive", protocol,
                ProcedureRegistry.empty(), WanEmulation.of(WAN, protocol.regions(), 0, 0)), Map.of());
        assertThat(cluster.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void aReadModifyWriteSeesItsOwnWritesAndCommitsEverywhere() {
        RowKey alice = RowKey.of("accounts", "rmw-alice");
        RowKey bob = RowKey.of("accounts", "rmw-bob");
        try (Connection us = connect(US); Connection eu = connect(EU)) {
            us.transaction().put(alice, Map.of("balance", 100L, "owner", "Alice")).commit();
            TxnOutcome moved;
            try (Transaction tx = us.begin()) {
                long balance = tx.get(alice).orElseThrow().getLong("balance");
                assertThat(tx.get(bob)).as("never written").isEmpty();
                tx.set(alice, "balance", balance - 30);
                tx.add(bob, "balance", 30);
                assertThat(tx.get(alice).orElseThrow().getLong("balance")).as("its own write").isEqualTo(70);
                assertThat(tx.get(alice).orElseThrow().getString("owner")).as("set keeps the other columns")
                        .isEqualTo("Alice");
                assertThat(tx.get(bob).orElseThrow().getLong("balance")).as("an add over an absent row").isEqualTo(30);
                moved = tx.commit();
                assertThat(tx.isActive()).isFalse();
            }
            assertThat(moved.requestId()).isNotNull();
            assertThat(moved.row(alice).orElseThrow().getLong("balance")).as("the outcome reports what it read")
                    .isEqualTo(100);
            var there = eu.snapshot().read(alice).read(bob).atLeast(moved.version()).execute();
            assertThat(there.row(alice).orElseThrow().getLong("balance")).isEqualTo(70);
            assertThat(there.row(bob).orElseThrow().getLong("balance")).isEqualTo(30);
        }
    }

    @Test
    void aRowThatChangedBeforeTheCommitAbortsItWithARetryableConflictAndNothingWritten() {
        RowKey counter = RowKey.of("counters", "lost-update");
        RowKey audit = RowKey.of("audit", "lost-update");
        try (Connection us = connect(US); Connection other = connect(US)) {
            us.transaction().put(counter, Map.of("n", 1L)).commit();
            Transaction tx = us.begin();
            long n = tx.get(counter).orElseThrow().getLong("n");
            other.transaction().add(counter, "n", 10).commit();
            tx.set(counter, "n", n + 1).put(audit, Map.of("by", "tx"));

            assertThatThrownBy(tx::commit).isInstanceOfSatisfying(TransactionAbortedException.class, e -> {
                assertThat(e.isRetryable()).isTrue();
                assertThat(e.reason()).isEqualTo("conflict: counters/lost-update: changed after the transaction read it");
            });
            var after = us.snapshot().read(counter).read(audit).execute();
            assertThat(after.row(counter).orElseThrow().getLong("n")).as("the other's add survives").isEqualTo(11);
            assertThat(after.row(audit)).as("none of the aborted transaction's writes").isEmpty();
            assertThatThrownBy(tx::commit).isInstanceOf(IllegalStateException.class)
                    .hasMessage("This transaction was committed, so commit() cannot use it; start a new one with "
                            + "connection.begin().");
        }
    }

    @Test
    void aLaterReadThatFindsAnEarlierRowChangedGivesUpAtOnce() {
        RowKey first = RowKey.of("accounts", "early-1");
        RowKey second = RowKey.of("accounts", "early-2");
        try (Connection us = connect(US)) {
            us.transaction().put(first, Map.of("balance", 5L)).commit();
            Transaction tx = us.begin();
            tx.get(first);
            // The same connection: its next read is at least as new as this commit.
            us.transaction().add(first, "balance", 1).commit();
            assertThatThrownBy(() -> tx.get(second)).isInstanceOfSatisfying(TransactionAbortedException.class, e -> {
                assertThat(e.isRetryable()).isTrue();
                assertThat(e.requestId()).as("nothing was sent").isNull();
                assertThat(e.reason()).startsWith("conflict: accounts/early-1");
            });
            assertThat(tx.isActive()).isFalse();
        }
    }

    @Test
    void aRowAddedToAPartitionReadWholeIsAConflict() {
        ChainKey orders = ChainKey.of("orders", "phantom");
        RowKey summary = RowKey.of("summaries", "phantom");
        try (Connection us = connect(US)) {
            us.transaction().put(new RowKey(orders, "o1"), Map.of("lines", 2L)).commit();
            Transaction tx = us.begin();
            long lines = tx.getPartition(orders).values().stream().mapToLong(r -> r.getLong("lines")).sum();
            tx.put(summary, Map.of("lines", lines));
            try (Connection other = connect(US)) {
                other.transaction().put(new RowKey(orders, "o2"), Map.of("lines", 3L)).commit();
            }
            assertThatThrownBy(tx::commit).isInstanceOfSatisfying(TransactionAbortedException.class, e ->
                    assertThat(e.reason()).isEqualTo("conflict: orders/phantom: the partition changed after the "
                            + "transaction read it"));

            long total = Retry.defaults().transact(us, t -> {
                long sum = t.getPartition(orders).values().stream().mapToLong(r -> r.getLong("lines")).sum();
                t.put(summary, Map.of("lines", sum));
                return sum;
            });
            assertThat(total).isEqualTo(5);
            assertThat(us.read(summary).row(summary).orElseThrow().getLong("lines")).isEqualTo(5);
        }
    }

    @Test
    void contendedIncrementsThroughRetryLoseNoUpdate() throws Exception {
        contendedIncrements(cluster, 4, 15);
    }

    /** Increments one row from {@code threads} threads over two regions; asserts none is lost. */
    static void contendedIncrements(InProcessCluster cluster, int threads, int each) throws Exception {
        RowKey counter = RowKey.of("counters", "contended");
        AtomicInteger attempts = new AtomicInteger();
        Retry retry = Retry.builder().maxAttempts(200).build();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> done = new ArrayList<>();
        try (Connection us = connect(cluster, US); Connection eu = connect(cluster, EU)) {
            for (int t = 0; t < threads; t++) {
                Connection c = t % 2 == 0 ? us : eu;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        retry.transact(c, tx -> {
                            attempts.incrementAndGet();
                            long n = tx.get(counter).map(r -> r.getLong("n")).orElse(0L);
                            tx.put(counter, Map.of("n", n + 1));
                            return n;
                        });
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            // Through retry: Helios refuses a transaction that reads a key of eu's last increment
            // while that is preparing or not yet applied at us.
            TxnOutcome check = retry.commit(us, () -> us.transaction().read(counter).commit());
            assertThat(check.row(counter).map(r -> r.getLong("n")).orElse(0L)).as("no lost update")
                    .isEqualTo((long) threads * each);
            assertThat(attempts.get()).as("two regions racing on one row conflict").isGreaterThan(threads * each);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void contendedTransfersConserveMoney() throws Exception {
        contendedTransfers(cluster, 4, 10);
    }

    /**
     * Moves money between four accounts from {@code threads} threads over two regions, each transfer
     * reading both balances and setting both; asserts the total is what it was.
     */
    static void contendedTransfers(InProcessCluster cluster, int threads, int each) throws Exception {
        List<RowKey> accounts = List.of(RowKey.of("accounts", "t0"), RowKey.of("accounts", "t1"),
                RowKey.of("accounts", "t2"), RowKey.of("accounts", "t3"));
        Retry retry = Retry.builder().maxAttempts(200).build();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (Connection us = connect(cluster, US); Connection eu = connect(cluster, EU)) {
            var opening = us.transaction();
            accounts.forEach(a -> opening.put(a, Map.of("balance", 100L)));
            TxnOutcome opened = opening.commit();
            // Reads are serializable, not strictly: eu's may not see us' commit yet (Helios reads at
            // a log position every region has reached), so eu's session waits for the accounts first.
            eu.snapshot().read(accounts).atLeast(opened.version()).execute();
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Connection c = t % 2 == 0 ? us : eu;
                int seed = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        RowKey from = accounts.get((seed + i) % accounts.size());
                        RowKey to = accounts.get((seed + 2 * i + 1) % accounts.size());
                        if (from.equals(to)) {
                            continue;
                        }
                        retry.transact(c, tx -> {
                            long a = tx.get(from).orElseThrow().getLong("balance");
                            long b = tx.get(to).orElseThrow().getLong("balance");
                            tx.set(from, "balance", a - 7).set(to, "balance", b + 7);
                            return a;
                        });
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            var all = us.snapshot().read(accounts).atLeast(us.lastVersion()).execute();
            assertThat(accounts.stream().mapToLong(a -> all.row(a).orElseThrow().getLong("balance")).sum())
                    .as("money conserved").isEqualTo(400);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aTransactionThatOnlyReadsSendsNothingAndOneClosedUncommittedWritesNothing() {
        RowKey row = RowKey.of("accounts", "read-only");
        try (Connection us = connect(US)) {
            TxnOutcome written = us.transaction().put(row, Map.of("balance", 7L)).commit();
            TxnOutcome read;
            try (Transaction tx = us.begin()) {
                assertThat(tx.get(row).map(r -> r.getLong("balance"))).contains(7L);
                read = tx.commit();
            }
            assertThat(read.requestId()).isNull();
            assertThat(read.version()).isGreaterThanOrEqualTo(written.version());

            try (Transaction tx = us.begin()) {
                tx.put(row, Map.of("balance", 0L));
            }
            Transaction rolledBack = us.begin();
            rolledBack.delete(row);
            rolledBack.rollback();
            assertThatThrownBy(() -> rolledBack.get(row)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("was rolled back");
            assertThat(us.read(row).row(row).map((ResultRow r) -> r.getLong("balance"))).contains(7L);
        }
    }

    private static Connection connect(RegionId region) {
        return connect(cluster, region);
    }

    static Connection connect(InProcessCluster on, RegionId region) {
        return Catena.connect(on.url(region) + "&timeout=10s");
    }
}
