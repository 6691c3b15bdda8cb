package io.catena.lab.demo;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.spi.StorageEngine;
import io.catena.server.cluster.RegionStores;
import io.catena.lab.report.ConfigFact;
import io.catena.harness.check.OpFunction;
import io.catena.harness.SeededRandom;
import io.catena.harness.workload.ClientTxn;
import io.catena.harness.workload.Step;
import io.catena.harness.workload.UniqueValues;
import io.catena.harness.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The most read-write transactions a second the run's store servers take when nothing is asked of
 * them but what any geo-replicated store must do: write each transaction's rows in every region.
 * Each transaction of the workload becomes one apply per written key and region, sent straight to
 * the stores through the storage SPI (no protocol, no log, no answers, no garbage collection, no
 * reads), {@link #IN_FLIGHT} transactions at a time, once every key has been written. It is the
 * reference a Catena run on real stores is measured against: an upper bound for any protocol on the
 * same stores and cores.
 *
 * <p>It writes to a cluster of its own ({@link #CLUSTER}), so Catena's data is left alone.
 * Blocking; one measurement per instance.
 */
final class StoreFloor {

    /** The Catena cluster name whose keyspaces or namespaces the floor writes to. */
    static final String CLUSTER = "floor";
    /** Enough to keep three stores busy on two cores, as Catena's pipelined applies do. */
    static final int IN_FLIGHT = 64;

    private static final long STOP_WAIT_SECONDS = 60;
    private static final long STUCK_SECONDS = 60;
    private static final long RETRY_PAUSE_MILLIS = 100;

    /**
     * What one measurement gave: transactions and applies of the measured span, the CPU this process
     * and the store servers used in it, and the failed sends (retried) of the whole measurement.
     */
    record Result(long transactions, long applies, Duration measured, Duration processCpu, Duration serversCpu,
                  long failures) {

        double perSecond() {
            return transactions / (measured.toNanos() / 1e9);
        }

        /** The floor, and Catena's throughput ({@code catenaPerSecond}) as a share of it, as report facts. */
        List<ConfigFact> facts(double catenaPerSecond) {
            if (transactions == 0) {
                return List.of(new ConfigFact("store floor", "no transaction finished in "
                        + measured.toSeconds() + " s (" + failures + " failed sends)"));
            }
            String floor = String.format(Locale.ROOT, "%,.0f txn/s: writes only, %.1f applies a transaction, %d in"
                    + " flight; cpu/txn %,.0f µs (adapters %,.0f + store servers %,.0f)%s", perSecond(),
                    (double) applies / transactions, IN_FLIGHT,
                    (processCpu.toNanos() + serversCpu.toNanos()) / 1e3 / transactions,
                    processCpu.toNanos() / 1e3 / transactions, serversCpu.toNanos() / 1e3 / transactions,
                    failures == 0 ? "" : "; " + failures + " failed sends retried");
            return List.of(new ConfigFact("store floor", floor), new ConfigFact("catena / floor",
                    String.format(Locale.ROOT, "%.0f %%", 100 * catenaPerSecond / perSecond())));
        }
    }

    private final List<StorageEngine> engines;
    private final Workload workload;
    private final Map<ChainKey, List<RowWrite>> rows;
    private final Iterator<ChainKey> toLoad;
    private final SeededRandom random;
    private final UniqueValues unique = new UniqueValues(0);
    private final AtomicLong versions = new AtomicLong();
    private final AtomicLong committed = new AtomicLong();
    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong preloaded = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicReference<Throwable> lastFailure = new AtomicReference<>();
    private volatile boolean running = true;
    private final AtomicLong outstanding = new AtomicLong();

    private StoreFloor(List<StorageEngine> engines, Workload workload, long seed) {
        this.engines = engines;
        this.workload = workload;
        this.rows = workload.initialData();
        this.toLoad = List.copyOf(rows.keySet()).iterator();
        this.random = new SeededRandom(seed).fork("store-floor");
    }

    /**
     * Opens the floor's store in every region, runs {@code warmup} then {@code duration}, and
     * closes the stores.
     */
    static Result measure(RegionStores stores, List<String> regions, Workload workload, long seed, Duration warmup,
                          Duration duration, Supplier<Duration> serversCpu) throws InterruptedException {
        List<StorageEngine> engines = new ArrayList<>();
        try {
            for (int i = 0; i < regions.size(); i++) {
                engines.add(stores.open(new RegionId(i), regions.get(i)));
            }
            return new StoreFloor(engines, workload, seed).run(warmup, duration, serversCpu);
        } finally {
            engines.forEach(StorageEngine::close);
        }
    }

    private Result run(Duration warmup, Duration duration, Supplier<Duration> serversCpu) throws InterruptedException {
        for (int i = 0; i < IN_FLIGHT; i++) {
            next();
        }
        long lastProgress = System.nanoTime();
        for (long seen = -1; !loaded(); Thread.sleep(100)) {
            if (preloaded.get() != seen) {
                seen = preloaded.get();
                lastProgress = System.nanoTime();
            } else if (System.nanoTime() - lastProgress > TimeUnit.SECONDS.toNanos(STUCK_SECONDS)) {
                running = false;
                Throwable failure = lastFailure.get();
                throw new IllegalStateException("the stores wrote none of the floor's keys for " + STUCK_SECONDS + " s"
                        + (failure == null ? "" : " (last failure: " + failure.getMessage() + ")"), failure);
            }
        }
        Thread.sleep(warmup.toMillis());
        long startCount = committed.get();
        long startApplies = applied.get();
        long startNanos = System.nanoTime();
        long startCpu = RunCosts.processCpuNanos();
        Duration startServers = serversCpu.get();
        Thread.sleep(duration.toMillis());
        long count = committed.get() - startCount;
        long applies = applied.get() - startApplies;
        Duration measured = Duration.ofNanos(System.nanoTime() - startNanos);
        Duration cpu = Duration.ofNanos(RunCosts.processCpuNanos() - startCpu);
        Duration servers = serversCpu.get().minus(startServers);
        running = false;
        awaitOutstanding();
        return new Result(count, applies, measured, cpu, servers, failures.get());
    }

    /** Starts the next transaction: its applies go out together, in version order per key. */
    private void next() {
        if (!running) {
            return;
        }
        boolean loading;
        Set<ChainKey> written;
        synchronized (toLoad) {
            loading = toLoad.hasNext();
            written = loading ? Set.of(toLoad.next()) : null;
        }
        if (written == null) {
            written = workloadWrites();
        }
        outstanding.incrementAndGet();
        // Versions are taken and sent under one lock, so no key sees a version after a later one.
        synchronized (this) {
            send(written, Version.of(versions.incrementAndGet(), 0), loading);
        }
    }

    /**
     * Sends one transaction's applies; a failed one is sent again after a pause, as chain servers
     * retry theirs (an apply of a version a key already has is a no-op), so a store's timeout under
     * load slows the floor as it slows Catena instead of ending it.
     */
    private void send(Set<ChainKey> written, Version version, boolean loading) {
        List<CompletableFuture<Void>> applies = new ArrayList<>();
        for (StorageEngine engine : engines) {
            for (ChainKey key : written) {
                applies.add(engine.apply(key, version, rows.getOrDefault(key, List.of())).toCompletableFuture());
            }
        }
        // Asynchronously: a store that completes at once would otherwise recurse here without end.
        CompletableFuture.allOf(applies.toArray(CompletableFuture[]::new)).whenCompleteAsync((ok, failure) -> {
            if (failure != null) {
                failures.incrementAndGet();
                lastFailure.set(failure);
                if (!running) {
                    outstanding.decrementAndGet();
                    return;
                }
                CompletableFuture.delayedExecutor(RETRY_PAUSE_MILLIS, TimeUnit.MILLISECONDS)
                        .execute(() -> send(written, version, loading));
                return;
            }
            (loading ? preloaded : committed).incrementAndGet();
            applied.addAndGet(loading ? 0 : applies.size());
            outstanding.decrementAndGet();
            next();
        });
    }

    /** Whether every key has been written once, as Catena's initial load writes it before a run. */
    private boolean loaded() {
        return preloaded.get() == rows.size();
    }

    /** The chain keys the workload's next read-write transaction writes. */
    private Set<ChainKey> workloadWrites() {
        while (true) {
            ClientTxn txn;
            synchronized (random) {
                txn = workload.next(random, unique);
            }
            Set<ChainKey> keys = new LinkedHashSet<>();
            for (Step s : txn.steps()) {
                if (s.function() != OpFunction.READ) {
                    keys.add(s.key().chainKey());
                }
            }
            if (!keys.isEmpty()) {
                return keys;
            }
        }
    }

    private void awaitOutstanding() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_WAIT_SECONDS);
        while (outstanding.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }

}
