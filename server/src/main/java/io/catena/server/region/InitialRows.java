package io.catena.server.region;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.spi.StorageEngine;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Rows a cluster starts with, written straight into a region's store below every epoch's
 * versions, identically in every region, as if a transaction before time had written them. This is
 * how benchmarks and the demo load their data without running it through the protocol.
 */
public final class InitialRows {

    /** The version every initial row carries: epoch 0, which no transaction can have. */
    public static final Version VERSION = Version.of(0, 1);

    private InitialRows() {
    }

    /** Writes in flight at once: a remote store loads at its pace, not one round trip per partition. */
    private static final int IN_FLIGHT = 256;

    /** Told each time another partition is stored. */
    @FunctionalInterface
    public interface Progress {
        void stored();
    }

    /**
     * Writes {@code rows} and waits until all are stored.
     *
     * @throws IllegalStateException naming the first partition the store failed to take
     */
    public static void load(StorageEngine store, Map<ChainKey, List<RowWrite>> rows) {
        load(store, rows, () -> { });
    }

    /** As {@link #load(StorageEngine, Map)}, telling {@code progress} of each partition stored. */
    public static void load(StorageEngine store, Map<ChainKey, List<RowWrite>> rows, Progress progress) {
        Semaphore window = new Semaphore(IN_FLIGHT);
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        for (Map.Entry<ChainKey, List<RowWrite>> e : rows.entrySet()) {
            window.acquireUninterruptibly();
            if (failure.get() != null) {
                break;
            }
            store.apply(e.getKey(), VERSION, e.getValue()).whenComplete((ignored, error) -> {
                if (error != null) {
                    failure.compareAndSet(null, new IllegalStateException("the store did not take the initial rows of "
                            + e.getKey() + ": " + error.getMessage(), error));
                } else {
                    progress.stored();
                }
                window.release();
            });
        }
        window.acquireUninterruptibly(IN_FLIGHT);
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
