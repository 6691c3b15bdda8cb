package io.catena.harness.check;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The final state of every list key in every region, read after the run has quiesced: region name
 * to (list key to final list). A key absent from a region's map is an empty list there.
 *
 * @param byRegion region name to (list key to its final list); copied, immutable
 */
public record FinalLists(Map<String, Map<String, List<Long>>> byRegion) {

    /** No final state: the checkers that need one are skipped. */
    public static final FinalLists NONE = new FinalLists(Map.of());

    /** Copies {@code byRegion} into immutable, sorted maps. */
    public FinalLists {
        Map<String, Map<String, List<Long>>> copy = new TreeMap<>();
        byRegion.forEach((region, lists) -> {
            Map<String, List<Long>> regionCopy = new TreeMap<>();
            lists.forEach((key, list) -> regionCopy.put(key, List.copyOf(list)));
            copy.put(region, Collections.unmodifiableMap(regionCopy));
        });
        byRegion = Collections.unmodifiableMap(copy);
    }

    /** True if no region has a final state. */
    public boolean isEmpty() {
        return byRegion.isEmpty();
    }

    /** The regions, sorted. */
    public Set<String> regions() {
        return byRegion.keySet();
    }

    /** Every key that has a final list in some region, sorted. */
    public Set<String> keys() {
        Set<String> keys = new TreeSet<>();
        byRegion.values().forEach(lists -> keys.addAll(lists.keySet()));
        return keys;
    }

    /** The final list of {@code key} in {@code region}; empty if the region has none. */
    public List<Long> list(String region, String key) {
        return byRegion.getOrDefault(region, Map.of()).getOrDefault(key, List.of());
    }
}
