package io.catena.simulation.host;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.Completion;
import io.catena.core.spi.Pending;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoragePort;
import io.catena.simulation.engine.EventLoop;
import io.catena.harness.SeededRandom;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.DoubleSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A node's storage port in the simulator, over the region's embedded store. An operation takes
 * effect when it is issued (so a crash right after it leaves it durable, as in life) and
 * completes, as a step of the node that issued it, after a small latency; completions of one
 * port keep issue order.
 */
public final class SimStoragePort implements StoragePort {

    private final StorageEngine engine;
    private final SimNode owner;
    private final EventLoop loop;
    private final SeededRandom random;
    private final long minLatencyMicros;
    private final long maxLatencyMicros;
    private final Consumer<RLogRecord> appendTap;
    private final DoubleSupplier failShare;
    private final Runnable onFailed;
    private long lastCompletion;

    /**
     * {@code appendTap} (may be null) sees every record appended through this port, for figures.
     * {@code failShare} is the share of calls the store fails now: at 1 (the store is down) every
     * call, without taking it; between 0 and 1, calls one by one, half of them after taking them,
     * each counted through {@code onFailed}.
     */
    public SimStoragePort(StorageEngine engine, SimNode owner, EventLoop loop, SeededRandom random,
                          long minLatencyMicros, long maxLatencyMicros, Consumer<RLogRecord> appendTap,
                          DoubleSupplier failShare, Runnable onFailed) {
        this.engine = engine;
        this.failShare = failShare;
        this.onFailed = onFailed;
        this.appendTap = appendTap;
        this.owner = owner;
        this.loop = loop;
        this.random = random;
        this.minLatencyMicros = minLatencyMicros;
        this.maxLatencyMicros = maxLatencyMicros;
    }

    private <T> Pending<T> later(Supplier<CompletionStage<T>> call) {
        // A store that is down takes nothing and fails every call, after the same latency. A flaky
        // one fails some calls, and draws from the seed only then, so other runs replay as before.
        double share = failShare.getAsDouble();
        CompletionStage<T> stage;
        if (share >= 1) {
            stage = CompletableFuture.failedFuture(new IllegalStateException("the region's store is down"));
        } else if (share > 0 && random.nextDouble() < share) {
            onFailed.run();
            if (random.nextBoolean()) {
                call.get();
            }
            stage = CompletableFuture.failedFuture(new IllegalStateException("a call to the region's store failed"));
        } else {
            stage = call.get();
        }
        SimPending<T> pending = new SimPending<>();
        long latency = minLatencyMicros + (maxLatencyMicros > minLatencyMicros
                ? random.nextLong(maxLatencyMicros - minLatencyMicros) : 0);
        long at = Math.max(loop.now() + latency, lastCompletion);
        lastCompletion = at;
        long incarnation = owner.incarnation();
        stage.whenComplete((value, failure) -> loop.at(at, () -> owner.complete(incarnation,
                now -> pending.fire(now, value, failure))));
        return pending;
    }

    @Override
    public Pending<PartitionImage> loadPartition(ChainKey key) {
        return later(() -> engine.loadPartition(key));
    }

    @Override
    public Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return later(() -> engine.apply(key, version, writes));
    }

    @Override
    public Pending<Void> appendLog(RLogRecord record) {
        if (appendTap != null) {
            appendTap.accept(record);
        }
        return later(() -> engine.appendLog(record));
    }

    @Override
    public Pending<List<RLogRecord>> readLog() {
        return later(() -> engine.readLog());
    }

    @Override
    public Pending<Void> truncateLog(RegionId origin, long throughEpoch) {
        return later(() -> engine.truncateLog(origin, throughEpoch));
    }

    @Override
    public Pending<Void> collectGarbage(ChainKey key, Version horizon) {
        return later(() -> engine.collectGarbage(key, horizon));
    }

    @Override
    public Pending<Void> dropPartition(ChainKey key) {
        return later(() -> engine.dropPartition(key));
    }

    /** One result, handed to the completion the node registers. */
    private static final class SimPending<T> implements Pending<T> {
        private Completion<T> completion;

        @Override
        public void whenDone(Completion<T> c) {
            this.completion = c;
        }

        void fire(long now, T value, Throwable failure) {
            if (completion != null) {
                completion.complete(now, value, failure);
            }
        }
    }
}
