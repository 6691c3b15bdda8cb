package io.catena.tpcc.check;

import io.catena.core.data.ChainKey;

/**
 * The store failed to answer a read the check needs, so no report could be made. Nothing was
 * judged: the check can be run again once the store answers.
 */
public final class StoreReadException extends RuntimeException {

    StoreReadException(String what, Throwable cause) {
        super("the consistency check could not read " + what + " from the store (" + describe(cause)
                + "); nothing was judged, run the check again once the store answers", cause);
    }

    static StoreReadException ofPartition(ChainKey key, Throwable cause) {
        return new StoreReadException("partition " + key, cause);
    }

    static StoreReadException ofKeys(String table, Throwable cause) {
        return new StoreReadException("the keys of table " + table, cause);
    }

    private static String describe(Throwable cause) {
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }
}
