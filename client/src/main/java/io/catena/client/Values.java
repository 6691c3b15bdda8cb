package io.catena.client;

import io.catena.core.data.Datum;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/** Converts between plain Java values and the three kinds of value Catena stores. */
final class Values {

    private Values() {
    }

    /**
     * The datum for a Java value: {@code Long}, {@code Integer}, {@code Short} or {@code Byte} as
     * an integer, {@code String} as text, a {@code Collection} as a list, a {@link Datum} as itself.
     *
     * @param where names the value in a message, e.g. {@code "column 'balance' of accounts/alice"}
     * @throws InvalidTransactionException for null and for any other type
     */
    static Datum toDatum(Object value, String where) {
        if (value instanceof Datum d) {
            return d;
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return Datum.of(((Number) value).longValue());
        }
        if (value instanceof String s) {
            return Datum.of(s);
        }
        if (value instanceof Collection<?> c) {
            List<Datum> elements = new ArrayList<>(c.size());
            for (Object element : c) {
                elements.add(toDatum(element, "an element of " + where));
            }
            return Datum.of(elements);
        }
        if (value == null) {
            throw InvalidTransactionException.invalid(where + " is null (to clear a column, write the row without it)");
        }
        throw InvalidTransactionException.invalid(where + " is a " + value.getClass().getName()
                + ", but Catena stores only integers (long), text (String) and lists of them");
    }

    /** The plain Java value of a datum: {@code Long}, {@code String} or an unmodifiable {@code List}. */
    static Object toJava(Datum d) {
        if (d instanceof Datum.Int64 i) {
            return i.value();
        }
        if (d instanceof Datum.Text t) {
            return t.value();
        }
        List<Object> out = new ArrayList<>();
        for (Datum element : ((Datum.Seq) d).values()) {
            out.add(toJava(element));
        }
        return Collections.unmodifiableList(out);
    }
}
