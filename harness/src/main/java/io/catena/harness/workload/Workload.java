package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.harness.check.BankInvariant;
import io.catena.harness.check.InitialValues;
import io.catena.harness.check.KeyKind;
import io.catena.harness.SeededRandom;
import java.util.List;
import java.util.Map;

/**
 * What simulated clients run: the data every region starts with, the next transaction, and what
 * the checker should know about the workload.
 */
public interface Workload {

    String name();

    /** Rows every region starts with, by chain key (the same everywhere). */
    Map<ChainKey, List<RowWrite>> initialData();

    /** The next transaction of a client; {@code unique} draws values never used before. */
    ClientTxn next(SeededRandom random, UniqueValues unique);

    /** The tables whose final state the run compares across regions and hands to the checker. */
    List<String> tables();

    /** The bank invariant, if this workload keeps one. */
    default BankInvariant bankInvariant() {
        return null;
    }

    /** Whether the final state of {@code table} is list-valued (list-append keys). */
    default boolean listTable(String table) {
        return false;
    }

    /**
     * The kind of the keys of {@code table}, one of {@link #tables()}, as a history's header
     * declares it: lists where {@link #listTable} says so, registers otherwise.
     */
    default KeyKind keyKind(String table) {
        return listTable(table) ? KeyKind.LIST : KeyKind.REGISTER;
    }

    /**
     * What the keys a history names held before the first transaction, where {@link #initialData()}
     * gives them a value in the column the history reads; none by default. A checker takes any
     * other value read and never written for garbage.
     */
    default List<InitialValues> initialValues() {
        return List.of();
    }

    /**
     * The procedures this workload's transactions call, which every region registers; none for
     * workloads of ad-hoc transactions only. Stateless, so one registry serves every region.
     */
    default ProcedureRegistry procedures() {
        return ProcedureRegistry.empty();
    }
}
