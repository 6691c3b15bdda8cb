package io.catena.harness.check;

import static io.catena.harness.check.HistoryMutations.committedReads;
import static io.catena.harness.check.HistoryMutations.firstOp;
import static io.catena.harness.check.HistoryMutations.freshKey;
import static io.catena.harness.check.HistoryMutations.replace;
import static io.catena.harness.check.HistoryMutations.touches;
import static io.catena.harness.check.HistoryMutations.withOpAt;
import static io.catena.harness.check.HistoryMutations.withOpsAt;
import static io.catena.harness.check.HistoryMutations.withOpsAtEnd;
import static io.catena.harness.check.HistoryMutations.withOutcome;

import io.catena.harness.check.HistoryMutations.ReadSite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Mutants of register histories of read-modify-writes (the kv workload's default), each an edit
 * that makes a real history show one anomaly of the rw-register analysis. Each method's comment
 * says why its edit is that anomaly.
 */
final class RegisterMutants {

    private RegisterMutants() {
    }

    /**
     * A committed write of a register.
     *
     * @param replaced the value the transaction read of the register before writing it, or null
     *                 for a blind write
     */
    private record Write(HistoryEvent txn, String key, OpValue value, OpValue replaced) {

        boolean readModifyWrite() {
            return replaced != null;
        }
    }

    static List<Mutant> all() {
        RecordedWorkload registers = RecordedWorkload.REGISTERS;
        return List.of(
                Mutant.ofHistory("G1a on registers", registers, Anomaly.G1A, RegisterMutants::abortAnObservedWriter),
                Mutant.ofHistory("G1c on registers", registers, Anomaly.G1C, RegisterMutants::readEachOthersWrite),
                Mutant.ofHistory("G0 on registers", registers, Anomaly.G0, RegisterMutants::replaceInTheOppositeOrder),
                Mutant.ofHistory("G2 write skew", registers, Anomaly.G2, RegisterMutants::readWhatTheOtherReplaced),
                Mutant.ofHistory("G2 lost update", registers, Anomaly.G2, RegisterMutants::replaceTheSameValue),
                Mutant.ofHistory("garbage read of a register", registers, Anomaly.GARBAGE_READ,
                        RegisterMutants::readAValueNobodyWrote),
                Mutant.ofHistory("garbage read of an unwritten register", registers, Anomaly.GARBAGE_READ,
                        RegisterMutants::readARegisterNobodyWrites));
    }

    /**
     * G1a: a committed transaction read another's value of a register; that writer now aborted, so
     * the read saw a write of a transaction that never committed.
     */
    static Optional<MutatedHistory> abortAnObservedWriter(RecordedRun run) {
        Map<String, Map<OpValue, HistoryEvent>> writers = writers(committedWrites(run));
        for (ReadSite read : committedReads(run, KeyKind.REGISTER)) {
            HistoryEvent writer = writers.getOrDefault(read.key(), Map.of()).get(read.read().value());
            if (writer != null && !writer.id().equals(read.txn().id())) {
                return Optional.of(new MutatedHistory(replace(run.history(), withOutcome(writer, TxnOutcome.ABORTED)),
                        run.finalLists(), "aborted " + writer.id() + ", whose write of " + read.read().value()
                                + " to " + read.key() + " " + read.txn().id() + " read",
                        List.of(writer.id())));
            }
        }
        return Optional.empty();
    }

    /**
     * G1c: two committed transactions that write registers the other never touches each read the
     * other's written value first thing: each read what the other wrote, a cycle of wr edges.
     */
    static Optional<MutatedHistory> readEachOthersWrite(RecordedRun run) {
        return readEachOthersRegister(run, committedWrites(run), Write::value, "written by");
    }

    /**
     * G0: B's read-modify-write replaced A's value of a register (ww A to B). On a fresh register
     * B now writes first and A replaces B's value by a read-modify-write (ww B to A): a cycle of
     * write dependencies alone.
     */
    static Optional<MutatedHistory> replaceInTheOppositeOrder(RecordedRun run) {
        List<Write> writes = committedWrites(run);
        Map<String, Map<OpValue, HistoryEvent>> writers = writers(writes);
        for (Write b : writes) {
            HistoryEvent a = b.readModifyWrite() ? writers.get(b.key()).get(b.replaced()) : null;
            if (a == null || a == b.txn()) {
                continue;
            }
            String fresh = freshKey(b.key(), "g0");
            OpValue bValue = OpValue.of("mutant-g0-" + b.txn().id());
            HistoryEvent bFirst = withOpsAtEnd(b.txn(), HistoryOp.read(fresh, OpValue.NIL),
                    new HistoryOp(OpFunction.WRITE, fresh, bValue));
            HistoryEvent aSecond = withOpsAtEnd(a, HistoryOp.read(fresh, bValue),
                    HistoryOp.write(fresh, "mutant-g0-" + a.id()));
            return Optional.of(new MutatedHistory(replace(run.history(), bFirst, aSecond), run.finalLists(),
                    b.txn().id() + " replaced " + a.id() + "'s " + b.replaced() + " of " + b.key() + "; now "
                            + b.txn().id() + " writes " + fresh + " first and " + a.id() + " replaces that value",
                    List.of(a.id(), b.txn().id())));
        }
        return Optional.empty();
    }

    /**
     * G2, write skew: two committed read-modify-writes of registers the other never touches each
     * read first the value the other replaced. Each then overwrote a value the other read: rw edges
     * both ways, a cycle that needs them.
     */
    static Optional<MutatedHistory> readWhatTheOtherReplaced(RecordedRun run) {
        List<Write> rmws = committedWrites(run).stream().filter(Write::readModifyWrite).toList();
        return readEachOthersRegister(run, rmws, Write::replaced, "replaced by");
    }

    /**
     * G2, lost update: of two committed read-modify-writes of one register, the later now read and
     * replaced the same value as the earlier. Each overwrote a value the other read: rw edges both
     * ways.
     */
    static Optional<MutatedHistory> replaceTheSameValue(RecordedRun run) {
        List<Write> rmws = committedWrites(run).stream().filter(Write::readModifyWrite).toList();
        for (int i = 0; i < rmws.size(); i++) {
            Write a = rmws.get(i);
            for (Write b : rmws.subList(i + 1, rmws.size())) {
                if (a.txn() == b.txn() || !a.key().equals(b.key()) || a.replaced().equals(b.replaced())) {
                    continue;
                }
                HistoryEvent lost = withOpAt(b.txn(), firstOp(b.txn(), b.key()), HistoryOp.read(b.key(), a.replaced()));
                return Optional.of(new MutatedHistory(replace(run.history(), lost), run.finalLists(),
                        b.txn().id() + " now reads " + b.key() + " as " + a.replaced() + " instead of "
                                + b.replaced() + ", the value " + a.txn().id() + " replaced too",
                        List.of(a.txn().id(), b.txn().id())));
            }
        }
        return Optional.empty();
    }

    /** Garbage: the first committed read of a register returns a value nobody wrote. */
    static Optional<MutatedHistory> readAValueNobodyWrote(RecordedRun run) {
        OpValue garbage = OpValue.of("mutant-never-written");
        return committedReads(run, KeyKind.REGISTER).stream().findFirst().map(read -> new MutatedHistory(
                replace(run.history(), read.readingAs(garbage)), run.finalLists(),
                read.txn().id() + "'s read of " + read.key() + " now returns " + garbage,
                List.of(read.txn().id())));
    }

    /**
     * Garbage against the header: the first committed read of a register that its transaction does
     * not write now reads a register nobody writes, and finds a value there. The header says every
     * register of the table started empty, so nobody wrote that value; a file of format 1 could not
     * tell it from an initial value.
     */
    static Optional<MutatedHistory> readARegisterNobodyWrites(RecordedRun run) {
        OpValue garbage = OpValue.of("mutant-never-written");
        return committedReads(run, KeyKind.REGISTER).stream()
                .filter(read -> read.txn().ops().stream()
                        .noneMatch(op -> op.f() == OpFunction.WRITE && op.key().equals(read.key())))
                .findFirst().map(read -> {
                    String unwritten = freshKey(read.key(), "unwritten");
                    return new MutatedHistory(replace(run.history(),
                            withOpAt(read.txn(), read.op(), HistoryOp.read(unwritten, garbage))), run.finalLists(),
                            read.txn().id() + "'s read of " + read.key() + " now reads " + unwritten + " as " + garbage,
                            List.of(read.txn().id()));
                });
    }

    /**
     * The first two of {@code writes}, of transactions that never touch the other's register, each
     * given a first read of the other's register that returns what {@code seen} says of the other's
     * write ({@code how} it came to be that value, for the edit's description).
     */
    private static Optional<MutatedHistory> readEachOthersRegister(RecordedRun run, List<Write> writes,
                                                                   Function<Write, OpValue> seen, String how) {
        for (Write a : writes) {
            for (Write b : writes) {
                if (a.txn() == b.txn() || touches(a.txn(), b.key()) || touches(b.txn(), a.key())) {
                    continue;
                }
                HistoryEvent aReads = withOpsAt(a.txn(), 0, HistoryOp.read(b.key(), seen.apply(b)));
                HistoryEvent bReads = withOpsAt(b.txn(), 0, HistoryOp.read(a.key(), seen.apply(a)));
                return Optional.of(new MutatedHistory(replace(run.history(), aReads, bReads), run.finalLists(),
                        a.txn().id() + " now reads " + b.key() + " as " + seen.apply(b) + ", " + how + " "
                                + b.txn().id() + ", and " + b.txn().id() + " reads " + a.key() + " as "
                                + seen.apply(a) + ", " + how + " " + a.txn().id(),
                        List.of(a.txn().id(), b.txn().id())));
            }
        }
        return Optional.empty();
    }

    /** Per register, the transaction of {@code writes} that wrote each value (values are unique per key). */
    private static Map<String, Map<OpValue, HistoryEvent>> writers(List<Write> writes) {
        Map<String, Map<OpValue, HistoryEvent>> writers = new HashMap<>();
        for (Write write : writes) {
            writers.computeIfAbsent(write.key(), k -> new HashMap<>()).put(write.value(), write.txn());
        }
        return writers;
    }

    /** Every write of a committed transaction to a register, in line and program order. */
    private static List<Write> committedWrites(RecordedRun run) {
        List<Write> writes = new ArrayList<>();
        for (HistoryEvent txn : run.history()) {
            Map<String, OpValue> firstRead = new HashMap<>();
            Set<String> written = new HashSet<>();
            for (HistoryOp op : txn.committed() ? txn.ops() : List.<HistoryOp>of()) {
                if (run.header().kindOf(op.key()) != KeyKind.REGISTER) {
                    continue;
                }
                if (op.f() == OpFunction.READ && !written.contains(op.key())) {
                    firstRead.putIfAbsent(op.key(), op.value());
                } else if (op.f() == OpFunction.WRITE) {
                    // Only the first write after a read replaced what was read; a later one its own value.
                    OpValue replaced = written.add(op.key()) ? firstRead.get(op.key()) : null;
                    writes.add(new Write(txn, op.key(), op.value(), replaced));
                }
            }
        }
        return writes;
    }
}
