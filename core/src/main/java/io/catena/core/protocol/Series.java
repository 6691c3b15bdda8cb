package io.catena.core.protocol;

import java.util.Map;

/**
 * One metric series a protocol shows for a region, computed from its nodes' latest readings.
 *
 * @param name        the series' name as scraped, without a counter's {@code _total}
 * @param description what it counts, for the scrape's HELP line
 * @param counter     a count that only grows; otherwise a gauge
 * @param labels      labels besides the region's, in order
 * @param value       its value from the readings and this region's protocol time
 */
public record Series(String name, String description, boolean counter, Map<String, String> labels, Value value) {

    public Series {
        labels = Map.copyOf(labels);
    }

    /** A series' value; called on the scraping thread, from readings already copied. */
    @FunctionalInterface
    public interface Value {
        double of(RegionReadings readings, long nowMicros);
    }
}
