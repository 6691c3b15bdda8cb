package io.catena.lab.tpcc;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.load.TpccLoader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A TPC-C database to load into a region's store, as {@code catena region --preload
 * tpcc:warehouses=2,customers=3000,items=100000,seed=1} names it, so that {@code catena tpcc --url}
 * can run against regions in their own processes. Every key is optional; the defaults are those
 * of {@code catena tpcc}, so both sides agree unless told otherwise. The load is deterministic:
 * every region given the same text loads the same rows.
 *
 * @param scale the database's size
 * @param seed  the seed of the loader's draws
 */
public record TpccPreload(TpccScale scale, long seed) {

    /** What a preload text names when it is TPC-C. */
    public static final String NAME = "tpcc";
    /** The defaults of {@code catena tpcc}. */
    public static final int DEFAULT_WAREHOUSES = 2;
    public static final long DEFAULT_SEED = 1;
    /** Loaded orders are dated this (2026-01-01): procedures read no clock, and neither does the loader. */
    public static final long LOAD_DATE_MILLIS = 1_767_225_600_000L;

    private static final List<String> KEYS = List.of("warehouses", "customers", "items", "seed");

    /** Whether {@code text} names a TPC-C database rather than a simulator workload. */
    public static boolean names(String text) {
        return text.equals(NAME) || text.startsWith(NAME + ":");
    }

    /**
     * Reads {@code tpcc} or {@code tpcc:key=value,...}.
     *
     * @throws IllegalArgumentException naming the first key or value that is wrong
     */
    public static TpccPreload parse(String text) {
        if (!names(text)) {
            throw new IllegalArgumentException("'" + text + "' is not a TPC-C preload; write tpcc:warehouses=2,...");
        }
        Map<String, String> values = new LinkedHashMap<>();
        String rest = text.substring(NAME.length());
        for (String pair : rest.isEmpty() ? new String[0] : rest.substring(1).split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair.trim() : pair.substring(0, eq).trim();
            if (eq < 0 || !KEYS.contains(key)) {
                throw new IllegalArgumentException("TPC-C preload parameter '" + pair.trim() + "' is not one of "
                        + String.join(", ", KEYS) + " as key=value");
            }
            values.put(key, pair.substring(eq + 1).trim());
        }
        TpccScale scale = new TpccScale(number(values, "warehouses", DEFAULT_WAREHOUSES),
                TpccScale.STANDARD_DISTRICTS, number(values, "customers", TpccScale.STANDARD_CUSTOMERS),
                number(values, "items", TpccScale.STANDARD_ITEMS));
        String seed = values.get("seed");
        try {
            return new TpccPreload(scale, seed == null ? DEFAULT_SEED : Long.parseLong(seed));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("TPC-C preload parameter seed=" + seed + " is not a whole number");
        }
    }

    /** The rows of the database, by chain key. */
    public Map<ChainKey, List<RowWrite>> rows() {
        return new TpccLoader(scale, seed, LOAD_DATE_MILLIS).load();
    }

    private static int number(Map<String, String> values, String key, int fallback) {
        String text = values.get(key);
        if (text == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("TPC-C preload parameter " + key + "=" + text + " is not a whole number");
        }
    }
}
