package io.catena.tpcc.procedure;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a TPC-C call's arguments. A missing or mistyped argument is an
 * {@link IllegalArgumentException} naming it: thrown from {@code hops}, the call is rejected
 * before it runs; thrown from a hop, every region aborts it the same way.
 */
final class CallArgs {

    private final String procedure;
    private final Row args;

    CallArgs(String procedure, Row args) {
        this.procedure = procedure;
        this.args = args;
    }

    long integer(String name) {
        Datum d = args.getOrNull(name);
        if (d instanceof Datum.Int64 i) {
            return i.value();
        }
        throw new IllegalArgumentException(procedure + " needs an integer argument '" + name + "'"
                + (d == null ? "" : ", got " + d));
    }

    int integer(String name, int min, int max) {
        long value = integer(name);
        if (value < min || value > max) {
            throw new IllegalArgumentException(procedure + "'s argument '" + name + "' must be " + min + "-" + max
                    + ", got " + value);
        }
        return (int) value;
    }

    boolean has(String name) {
        return args.getOrNull(name) != null;
    }

    String text(String name) {
        Datum d = args.getOrNull(name);
        if (d instanceof Datum.Text t) {
            return t.value();
        }
        throw new IllegalArgumentException(procedure + " needs a text argument '" + name + "'"
                + (d == null ? "" : ", got " + d));
    }

    /** A list of integers, each in [min, max]. */
    List<Integer> integers(String name, int min, int max) {
        Datum d = args.getOrNull(name);
        if (!(d instanceof Datum.Seq seq)) {
            throw new IllegalArgumentException(procedure + " needs a list argument '" + name + "'"
                    + (d == null ? "" : ", got " + d));
        }
        List<Integer> out = new ArrayList<>(seq.values().size());
        for (Datum element : seq.values()) {
            if (!(element instanceof Datum.Int64 i) || i.value() < min || i.value() > max) {
                throw new IllegalArgumentException(procedure + "'s list '" + name + "' holds " + element
                        + ", not an integer of " + min + "-" + max);
            }
            out.add((int) i.value());
        }
        return out;
    }
}
