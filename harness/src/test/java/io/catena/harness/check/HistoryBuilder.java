package io.catena.harness.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes hand-made histories for tests: {@code h.txn("T1").append("x", 1).read("y", 2).committed()}.
 * Transactions get increasing invocation times in the order they are written.
 */
final class HistoryBuilder {

    private final List<HistoryEvent> events = new ArrayList<>();
    private long nowMicros = 1_000;

    /** Starts the transaction {@code id}, in region r1. */
    Txn txn(String id) {
        return new Txn(id);
    }

    List<HistoryEvent> build() {
        return List.copyOf(events);
    }

    /** One transaction being written. */
    final class Txn {
        private final String id;
        private final List<HistoryOp> ops = new ArrayList<>();
        private String region = "r1";
        private Long session;
        private Long startMicros;

        private Txn(String id) {
            this.id = id;
        }

        Txn region(String name) {
            this.region = name;
            return this;
        }

        /** The client session that ran it; none (as in format 1) unless set. */
        Txn session(long session) {
            this.session = session;
            return this;
        }

        /** Invoked at {@code micros} instead of after the transaction written before. */
        Txn startingAt(long micros) {
            this.startMicros = micros;
            return this;
        }

        Txn append(String key, long value) {
            ops.add(HistoryOp.append(key, value));
            return this;
        }

        /** A read of the list at {@code key} returning {@code elements}. */
        Txn read(String key, long... elements) {
            ops.add(HistoryOp.read(key, OpValue.ofList(Arrays.stream(elements).boxed().toList())));
            return this;
        }

        /** A read of {@code key} returning null. */
        Txn readNull(String key) {
            ops.add(HistoryOp.read(key, OpValue.NIL));
            return this;
        }

        Txn readRegister(String key, String value) {
            ops.add(HistoryOp.read(key, OpValue.of(value)));
            return this;
        }

        Txn readBalance(String key, long value) {
            ops.add(HistoryOp.read(key, OpValue.of(value)));
            return this;
        }

        Txn write(String key, String value) {
            ops.add(HistoryOp.write(key, value));
            return this;
        }

        Txn add(String key, long amount) {
            ops.add(HistoryOp.add(key, amount));
            return this;
        }

        HistoryBuilder committed() {
            return end(TxnOutcome.COMMITTED);
        }

        HistoryBuilder aborted() {
            return end(TxnOutcome.ABORTED);
        }

        HistoryBuilder unknown() {
            return end(TxnOutcome.UNKNOWN);
        }

        HistoryBuilder end(TxnOutcome outcome) {
            boolean readOnly = ops.stream().allMatch(op -> op.f() == OpFunction.READ);
            long invokeMicros = startMicros == null ? nowMicros : startMicros;
            nowMicros = Math.max(nowMicros, invokeMicros) + 100;
            Long completeMicros = outcome == TxnOutcome.UNKNOWN ? null : invokeMicros + 90;
            events.add(new HistoryEvent(id, session, region, readOnly ? TxnType.READ_ONLY : TxnType.READ_WRITE,
                    invokeMicros, completeMicros, outcome, null, ops));
            return HistoryBuilder.this;
        }
    }
}
