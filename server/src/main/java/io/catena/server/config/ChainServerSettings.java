package io.catena.server.config;

import java.util.Objects;
import java.util.Optional;

/**
 * What this process's chain servers may hold ({@code chainServer:} in the file); each setting's
 * name, default and rule is its {@link ChainServerKeys} key. Per process: not part of the cluster
 * fingerprint.
 *
 * @param memoryBudget the estimated bytes of cached partitions the chain servers of this process
 *                     keep, shared evenly among them (default: {@link #DEFAULT_HEAP_PERCENT} % of
 *                     the maximum heap, see {@link #budgetBytes})
 */
public record ChainServerSettings(Optional<ByteSize> memoryBudget) {

    /**
     * The default budget's share of the maximum heap. Cached partitions are the one part of a
     * region's heap that grows with its data; the rest is bounded by the load (transactions in
     * flight, the log's window, the network's queues, each bounded by its own limit) and by the
     * garbage collector's headroom, which a generational collector wants at about the live set's
     * size again. 40 % leaves the other 60 % for those. The budget counts an estimate, which came
     * within 15 % below an idle key's measured heap (IdleKeyHeapTest: 567 bytes against 655).
     */
    public static final int DEFAULT_HEAP_PERCENT = 40;

    /** The smallest budget a file may set: below it a chain server would evict nearly every key at once. */
    public static final ByteSize MIN_MEMORY_BUDGET = ByteSize.ofMebibytes(1);

    public ChainServerSettings {
        Objects.requireNonNull(memoryBudget, "memoryBudget");
    }

    /** The defaults. */
    public static ChainServerSettings defaults() {
        return new ChainServerSettings(ChainServerKeys.MEMORY_BUDGET.defaultValue());
    }

    public ChainServerSettings withMemoryBudget(ByteSize budget) {
        return new ChainServerSettings(Optional.of(budget));
    }

    /** The budget for the chain servers of this process in bytes: the one set, or the default share of the heap. */
    public long budgetBytes() {
        return memoryBudget.map(ByteSize::bytes).orElseGet(ChainServerSettings::heapShare);
    }

    /** {@link #DEFAULT_HEAP_PERCENT} % of the heap this JVM may grow to. */
    public static long heapShare() {
        return Runtime.getRuntime().maxMemory() / 100 * DEFAULT_HEAP_PERCENT;
    }
}
