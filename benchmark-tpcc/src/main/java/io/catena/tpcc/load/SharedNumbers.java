package io.catena.tpcc.load;

import io.catena.core.data.Datum;
import io.catena.tpcc.TpccScale;

/**
 * One {@link Datum.Int64} per number from 0 to the largest item id, made once and held by every
 * row that stores that number. A standard warehouse loads about two million small numbers (ids,
 * quantities, counters, zero amounts); sharing them saves a 16-byte object each, in the loaded map
 * and in every store that keeps the map's rows.
 */
final class SharedNumbers {

    private static final int LARGEST = TpccScale.STANDARD_ITEMS;
    private static final Datum.Int64[] NUMBERS = new Datum.Int64[LARGEST + 1];

    static {
        for (int i = 0; i <= LARGEST; i++) {
            NUMBERS[i] = Datum.of(i);
        }
    }

    private SharedNumbers() {
    }

    /** The shared datum of {@code value} if there is one, a new one otherwise. */
    static Datum.Int64 of(long value) {
        return value >= 0 && value <= LARGEST ? NUMBERS[(int) value] : Datum.of(value);
    }
}
