package io.catena.core.protocol;

import java.util.Map;

/**
 * A copy of a node's counters and gauges by name, taken on the node's thread so that metrics read
 * it from any other. Names are the protocol's own; a name a node does not keep reads as 0.
 */
public record NodeReading(Map<String, Long> values) {

    public static final NodeReading NONE = new NodeReading(Map.of());

    public NodeReading {
        values = Map.copyOf(values);
    }

    public long get(String name) {
        return values.getOrDefault(name, 0L);
    }
}
