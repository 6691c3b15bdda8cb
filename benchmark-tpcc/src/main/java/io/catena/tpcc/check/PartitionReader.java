package io.catena.tpcc.check;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Reads groups of partitions at their latest version, a bounded number of groups at a time, and
 * hands each group to the caller on the caller's thread, in the order the groups were listed.
 * In order, so that a report lists the same first violations on every run; bounded, so that a big
 * store is never all in memory at once, while a remote store still serves several reads at a time.
 */
final class PartitionReader {

    private final PartitionSource source;
    private final int groupsInFlight;

    PartitionReader(PartitionSource source, int groupsInFlight) {
        if (groupsInFlight < 1) {
            throw new IllegalArgumentException("at least one read must be in flight, not " + groupsInFlight);
        }
        this.source = source;
        this.groupsInFlight = groupsInFlight;
    }

    /**
     * For each unit, reads the partitions {@code keysOf} names and calls {@code consumer} with the
     * unit and their rows, in the same order as the keys.
     *
     * @throws StoreReadException naming the first partition that could not be read
     */
    <T> void forEach(List<T> units, Function<T, List<ChainKey>> keysOf,
                     BiConsumer<T, List<SortedMap<String, Row>>> consumer) {
        ArrayDeque<CompletableFuture<List<SortedMap<String, Row>>>> inFlight = new ArrayDeque<>();
        int started = 0;
        int handed = 0;
        while (handed < units.size()) {
            while (started < units.size() && inFlight.size() < groupsInFlight) {
                inFlight.add(read(keysOf.apply(units.get(started++))));
            }
            consumer.accept(units.get(handed++), await(inFlight.poll()));
        }
    }

    private CompletableFuture<List<SortedMap<String, Row>>> read(List<ChainKey> keys) {
        List<CompletableFuture<SortedMap<String, Row>>> reads = new ArrayList<>(keys.size());
        for (ChainKey key : keys) {
            reads.add(readOne(key));
        }
        return CompletableFuture.allOf(reads.toArray(new CompletableFuture<?>[0])).thenApply(ignored -> {
            List<SortedMap<String, Row>> partitions = new ArrayList<>(reads.size());
            for (CompletableFuture<SortedMap<String, Row>> r : reads) {
                partitions.add(r.join());
            }
            return partitions;
        });
    }

    private CompletableFuture<SortedMap<String, Row>> readOne(ChainKey key) {
        CompletableFuture<SortedMap<String, Row>> read;
        try {
            read = source.read(key).toCompletableFuture();
        } catch (RuntimeException e) {
            // An adapter that throws instead of failing its stage is reported the same way.
            read = CompletableFuture.failedFuture(e);
        }
        return read.handle((rows, error) -> {
            if (error != null) {
                throw StoreReadException.ofPartition(key, unwrap(error));
            }
            return rows;
        });
    }

    /** Waits for a result, and rethrows a failed read as the {@link StoreReadException} it is. */
    static <V> V await(CompletableFuture<V> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (unwrap(e) instanceof StoreReadException s) {
                throw s;
            }
            throw e;
        }
    }

    static Throwable unwrap(Throwable error) {
        Throwable t = error;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
