package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Register version orders from read-modify-writes: the anomalies only they can show, and clean
 * histories they must accept.
 */
class RegisterDependenciesTest {

    private static final String X = "kv/x";
    private static final String Y = "kv/y";

    @Test
    void writeSkewOnTwoRegistersIsAG2Cycle() {
        // t1 reads x and y, writes x; t2 reads x and y, writes y: both read the initial values,
        // each overwrote what the other read.
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t1").readNull(X).readNull(Y).write(X, "x1").committed()
                .txn("t2").readNull(X).readNull(Y).write(Y, "y1").committed()
                .txn("t3").readRegister(X, "x1").readRegister(Y, "y1").committed()
                .build();
        CheckReport report = HistoryChecker.create().check(history);
        assertThat(report.count(Anomaly.G2)).as(report.toString()).isEqualTo(1);
        assertThat(report.count(Anomaly.G0) + report.count(Anomaly.G1C)).isZero();
    }

    @Test
    void aLostUpdateIsAG2Cycle() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t1").readNull(X).write(X, "x1").committed()
                .txn("t2").readNull(X).write(X, "x2").committed()
                .build();
        assertThat(HistoryChecker.create().check(history).count(Anomaly.G2)).isEqualTo(1);
    }

    @Test
    void circularInformationFlowIsG1c() {
        // t1 read y2 written by t2, and t2 read x1 written by t1.
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t1").readRegister(Y, "y2").write(X, "x1").committed()
                .txn("t2").readRegister(X, "x1").write(Y, "y2").committed()
                .build();
        assertThat(HistoryChecker.create().check(history).count(Anomaly.G1C)).isEqualTo(1);
    }

    @Test
    void aWriteCycleIsG0() {
        // Each replaced the other's value on one of two registers: x1 then x2 by t1 then t2, y2 then y1.
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t0").readNull(X).write(X, "x0").readNull(Y).write(Y, "y0").committed()
                .txn("t1").readRegister(X, "x0").write(X, "x1").readRegister(Y, "y2").write(Y, "y1").committed()
                .txn("t2").readRegister(X, "x1").write(X, "x2").readRegister(Y, "y0").write(Y, "y2").committed()
                .build();
        assertThat(HistoryChecker.create().check(history).count(Anomaly.G0)).isEqualTo(1);
    }

    @Test
    void aSerialChainOfReadModifyWritesIsClean() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t1").readNull(X).write(X, "x1").committed()
                .txn("t2").readRegister(X, "x1").write(X, "x2").readNull(Y).committed()
                .txn("t3").readRegister(X, "x2").readNull(Y).write(Y, "y3").committed()
                .txn("r").readRegister(X, "x2").readRegister(Y, "y3").committed()
                .build();
        CheckReport report = HistoryChecker.create().check(history);
        assertThat(report.valid()).as(report.toString()).isTrue();
        assertThat(report.info()).containsEntry("register-rmw-links", 3L).containsEntry("edges-ww", 1L);
    }

    @Test
    void blindWritesAndUnknownWritersAreNotOrdered() {
        // Blind writes give no version order: without reads before them, nothing can be said.
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t1").readNull(Y).write(X, "x1").committed()
                .txn("t2").readNull(X).write(Y, "y1").committed()
                .build();
        CheckReport report = HistoryChecker.create().check(history);
        assertThat(report.valid()).as(report.toString()).isTrue();
    }
}
