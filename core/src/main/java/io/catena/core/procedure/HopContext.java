package io.catena.core.procedure;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import java.util.SortedMap;

/**
 * What a procedure hop sees: its call's arguments, the values earlier hops carried forward, and
 * the rows of its one chain key. Reads see the hop's own earlier writes.
 */
public interface HopContext {

    Row args();

    /** Values carried from earlier hops. */
    Row carried();

    ChainKey key();

    /** The row with this clustering key, or null. */
    Row read(String clustering);

    /** Rows with clustering keys in [from, to), in key order; {@code to} null means unbounded. */
    SortedMap<String, Row> scan(String from, String to);

    void write(String clustering, Row row);

    void delete(String clustering);

    /** Carries a value to the hops after this one. */
    void carry(String name, Datum value);

    /** Adds a named output to the transaction's result. */
    void output(String name, Datum value);

    /** Adds a row to the transaction's reported reads. */
    void report(String clustering, Row row);

    /**
     * Aborts the whole call deterministically. Writes made before or after in this hop are
     * discarded; return from the hop after calling it.
     */
    void abort(String reason);
}
