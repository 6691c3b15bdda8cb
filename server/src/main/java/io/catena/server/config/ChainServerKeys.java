package io.catena.server.config;

import io.catena.core.config.keys.ValueKey;
import java.util.List;
import java.util.Optional;

/**
 * What a process's chain servers may hold ({@code chainServer:} in a region's file): the catalogue
 * of its keys. A resource of the process, not a protocol setting: regions and processes may differ,
 * and none of it enters the cluster fingerprint.
 */
final class ChainServerKeys {

    static final ValueKey<ByteSize> MEMORY_BUDGET = new ValueKey<>("memoryBudget", "a size such as 512MiB",
            ByteSize::parse, ByteSize::toString, Optional.empty(), ChainServerKeys::budget,
            "estimated bytes of cached partitions the chain servers of this process keep, shared evenly among them;"
                    + " beyond it idle partitions are evicted, least recently used first; default: "
                    + ChainServerSettings.DEFAULT_HEAP_PERCENT + " % of the maximum heap");

    static final List<ValueKey<?>> ALL = List.of(MEMORY_BUDGET);

    private ChainServerKeys() {
    }

    private static Optional<String> budget(ByteSize size) {
        return size.compareTo(ChainServerSettings.MIN_MEMORY_BUDGET) < 0
                ? Optional.of("must be at least " + ChainServerSettings.MIN_MEMORY_BUDGET + ", not " + size)
                : Optional.empty();
    }
}
