package site.ycsb.db.catena;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.check.Anomaly;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryChecker;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.HistoryReader;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * YCSB's own Client (site.ycsb.Client 0.17.0, in a child JVM per phase, as it ends with
 * System.exit) loads and runs the shipped workloads against three regions started in this JVM,
 * and its own report is read back: operation counts, nothing but OK (or, in transactional
 * workloads, conflicts that ran again), and a closed economy whose money adds up.
 */
class YcsbWorkloadsTest {

    @RegisterExtension
    static final LoopbackRegions REGIONS = new LoopbackRegions();

    /** One phase of a shipped workload, into a table of the test's own, with {@code extra} YCSB arguments. */
    private static YcsbOutput phase(boolean load, String workload, String table, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(load ? "-load" : "-t", "-db", CatenaClient.class.getName(),
                "-P", "workloads/" + workload, "-p", "table=" + table, "-p", "catena.url=" + REGIONS.url()));
        args.addAll(List.of(extra));
        YcsbOutput out = YcsbProcess.client(args);
        assertThat(out.exitCode()).as("YCSB's exit code\n%s", out).isZero();
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadf"})
    void coreWorkloadsLoadAndRunWithNothingButOk(String workload) throws Exception {
        String table = "ycsb_" + workload;
        YcsbOutput load = phase(true, workload, table, "-p", "recordcount=100", "-threads", "4");
        assertThat(load.count("INSERT", "Operations")).as("inserts\n%s", load).isEqualTo(100);
        assertThat(load.count("INSERT", "Return=OK")).isEqualTo(100);
        assertThat(load.notOk()).isEmpty();

        YcsbOutput run = phase(false, workload, table, "-p", "recordcount=100", "-p", "operationcount=200",
                "-threads", "4");
        long reads = run.count("READ", "Operations");
        long updates = run.count("UPDATE", "Operations");
        long readModifyWrites = run.count("READ-MODIFY-WRITE", "Operations");
        // Workload F's read-modify-writes are a READ and an UPDATE each, and measured as a whole too.
        assertThat(reads + updates - readModifyWrites).as("operations\n%s", run).isEqualTo(200);
        assertThat(run.count("READ", "Return=OK")).isEqualTo(reads);
        assertThat(run.count("UPDATE", "Return=OK")).isEqualTo(updates);
        assertThat(run.notOk()).as("statuses other than OK\n%s", run).isEmpty();
        if (workload.equals("workloadc")) {
            assertThat(updates).isZero();
        } else {
            assertThat(updates).as("updates of %s", workload).isPositive();
        }
    }

    @Test
    void tYcsbTransactionsCommitWithFiveOperationsEach() throws Exception {
        String table = "ycsb_t";
        YcsbOutput load = phase(true, "workloadt", table, "-p", "recordcount=200", "-p", "fieldcount=2",
                "-threads", "4");
        assertThat(load.count("INSERT", "Return=OK")).as("inserts\n%s", load).isEqualTo(200);

        // One client thread: its transactions follow one another, so none can conflict and every one commits.
        YcsbOutput run = phase(false, "workloadt", table, "-p", "recordcount=200", "-p", "fieldcount=2",
                "-p", "operationcount=40");
        assertThat(run.count("START", "Operations")).as("transactions\n%s", run).isEqualTo(40);
        assertThat(run.count("COMMIT", "Return=OK")).isEqualTo(40);
        assertThat(run.count("TRANSACTION", "Return=OK")).isEqualTo(40);
        assertThat(run.count("READ", "Return=OK")).as("every operation reads").isEqualTo(200);
        assertThat(run.count("UPDATE", "Return=OK")).as("read-modify-writes").isBetween(1L, 199L);
        assertThat(run.notOk()).as("statuses other than OK\n%s", run).isEmpty();
    }

    @Test
    void aRecordedTYcsbHistoryPassesTheChecker(@TempDir Path dir) throws Exception {
        String table = "ycsb_history";
        String history = "catena.history=" + dir.resolve("history.jsonl");
        phase(true, "workloadt", table, "-p", "recordcount=100", "-p", "fieldcount=2", "-p", history, "-threads", "4");
        YcsbOutput run = phase(false, "workloadt", table, "-p", "recordcount=100", "-p", "fieldcount=2",
                "-p", "operationcount=60", "-p", "catena.retries=5", "-p", history, "-threads", "4");
        assertThat(run.notOk()).as("statuses other than OK\n%s", run)
                .allSatisfy(line -> assertThat(line).contains("Return=CONFLICT"));

        List<HistoryEvent> events = HistoryReader.read(dir.resolve("history.jsonl"));
        // One transaction per insert of the load phase, one per attempt of the run phase's transactions.
        assertThat(events).hasSize(100 + (int) run.count("START", "Operations"));
        assertThat(events.stream().filter(HistoryEvent::committed).count())
                .isEqualTo(100 + run.count("COMMIT", "Return=OK"));
        CheckReport report = HistoryChecker.create().check(events);
        assertThat(report.valid()).as("the checker's report: %s", report).isTrue();
        assertThat(report.info()).as("reads of values no transaction of the history wrote")
                .containsEntry("register-reads-unjudged", 0L);
        assertThat(report.info().get("committed")).isEqualTo(100 + run.count("COMMIT", "Return=OK"));

        // The same history with one read of a value nobody wrote: the checker is not blind to these registers.
        List<HistoryEvent> garbled = new ArrayList<>(events);
        HistoryEvent reader = garbled.stream().filter(e -> e.committed() && e.ops().get(0).f() == OpFunction.READ)
                .findFirst().orElseThrow();
        List<HistoryOp> ops = new ArrayList<>(reader.ops());
        ops.set(0, HistoryOp.read(ops.get(0).key(), OpValue.of("never written")));
        garbled.set(garbled.indexOf(reader), new HistoryEvent(reader.id(), reader.region(), reader.type(),
                reader.invokeMicros(), reader.completeMicros(), reader.outcome(), reader.version(), ops));
        assertThat(HistoryChecker.create().check(garbled).count(Anomaly.GARBAGE_READ)).isEqualTo(1);
    }

    @Test
    void closedEconomyKeepsItsMoneyUnderContention() throws Exception {
        String table = "accounts_ce";
        YcsbOutput load = phase(true, "workloadce", table, "-p", "recordcount=20", "-threads", "4");
        assertThat(load.count("INSERT", "Return=OK")).as("accounts\n%s", load).isEqualTo(20);

        // Twenty accounts, four threads: transfers conflict, and run again.
        YcsbOutput run = phase(false, "workloadce", table, "-p", "recordcount=20", "-p", "operationcount=120",
                "-p", "catena.retries=50", "-threads", "4");
        assertThat(run.value("CLOSED-ECONOMY", "ANOMALY SCORE")).as("anomaly score\n%s", run).isEqualTo("0.0");
        assertThat(run.count("CLOSED-ECONOMY", "Counted total")).isEqualTo(20_000);
        assertThat(run.count("CLOSED-ECONOMY", "Missing accounts")).isZero();
        assertThat(run.count("CLOSED-ECONOMY", "Transactions")).isEqualTo(120);
        long committed = run.count("CLOSED-ECONOMY", "Committed");
        assertThat(committed + run.count("CLOSED-ECONOMY", "Gave up")).isEqualTo(120);
        assertThat(run.count("TRANSACTION", "Return=OK")).isEqualTo(committed);
        assertThat(run.count("COMMIT", "Return=OK")).isEqualTo(committed);
        assertThat(run.notOk()).as("statuses other than OK\n%s", run)
                .allSatisfy(line -> assertThat(line).contains("Return=CONFLICT"));
    }
}
