package io.catena.lab.tpcc;

import io.catena.lab.report.LatencyDistribution;
import io.catena.tpcc.TpccTransaction;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One region's (or all regions') TPC-C results over the measured run: per transaction, what
 * committed, what rolled back as the specification asks, and the latency; and the failures.
 */
record TpccRegionSummary(String region, long measuredMicros, Map<TpccTransaction, PerType> types,
                         Map<String, Long> failures) {

    /** {@code aborted}: transactions a baseline aborted for a conflict (never under Catena). */
    record PerType(long committed, long rolledBack, long aborted, LatencyDistribution latency) {

        PerType plus(PerType other) {
            return new PerType(committed + other.committed, rolledBack + other.rolledBack, aborted + other.aborted,
                    latency.plus(other.latency));
        }

        /** Conflict aborts among the transactions that ran to an end. */
        double abortRate() {
            long n = committed + rolledBack + aborted;
            return n == 0 ? 0 : (double) aborted / n;
        }
    }

    TpccRegionSummary {
        types = Map.copyOf(types);
        failures = Map.copyOf(failures);
    }

    /** TPC-C's throughput figure: NewOrders committed per minute. */
    double newOrdersPerMinute() {
        return types.get(TpccTransaction.NEW_ORDER).committed() * 60e6 / Math.max(1, measuredMicros);
    }

    /** Every transaction that finished as it should (committed or rolled back), per second. */
    double perSecond() {
        long n = 0;
        for (PerType p : types.values()) {
            n += p.committed() + p.rolledBack();
        }
        return n * 1e6 / Math.max(1, measuredMicros);
    }

    long failedCount() {
        return failures.values().stream().mapToLong(Long::longValue).sum();
    }

    static TpccRegionSummary combine(String name, List<TpccRegionSummary> regions) {
        Map<TpccTransaction, PerType> types = new EnumMap<>(TpccTransaction.class);
        Map<String, Long> failures = new TreeMap<>();
        long measured = 0;
        for (TpccRegionSummary r : regions) {
            measured = Math.max(measured, r.measuredMicros);
            r.types.forEach((t, p) -> types.merge(t, p, PerType::plus));
            r.failures.forEach((k, v) -> failures.merge(r.region + " " + k, v, Long::sum));
        }
        return new TpccRegionSummary(name, measured, types, failures);
    }
}
