package io.catena.simulation.client;

import io.catena.harness.record.TxnClass;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Commit latencies of one region's clients, by transaction class, in microseconds. */
public final class LatencyRecorder {

    private final Map<TxnClass, Histogram> byClass = new EnumMap<>(TxnClass.class);

    public void record(TxnClass c, long micros) {
        byClass.computeIfAbsent(c, k -> new Histogram(3_600_000_000L, 3)).recordValue(Math.max(0, micros));
    }

    public Histogram histogram(TxnClass c) {
        return byClass.get(c);
    }

    public long count(TxnClass c) {
        Histogram h = byClass.get(c);
        return h == null ? 0 : h.getTotalCount();
    }

    public void addAll(LatencyRecorder other) {
        other.byClass.forEach((c, h) -> byClass.computeIfAbsent(c, k -> new Histogram(3_600_000_000L, 3)).add(h));
    }
}
