package io.catena.lab.demo;

import io.catena.catenae.CatenaReadings;
import io.catena.lab.report.ConfigFact;
import io.catena.server.storage.StorageMeter;
import io.catena.server.storage.StorageOp;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * What a measured run cost per committed transaction, counted from {@link #start()}: CPU time of
 * this whole process (regions and clients alike, since an in-process cluster shares one JVM) and of
 * the local store servers beside it, bytes of epoch messages between regions, and storage calls.
 */
public final class RunCosts {

    /** Reads a counter that may have to ask the nodes' threads. */
    public interface Counter {
        long read() throws InterruptedException;
    }

    /** Sums a reading over every chain server of the cluster, asking their threads. */
    public interface ChainServerTotal {
        long read(String reading) throws InterruptedException;
    }

    /** Kinds of storage call reported with their mean round trip, when a run made any. */
    private static final List<StorageOp> TIMED = List.of(StorageOp.APPLY, StorageOp.LOAD, StorageOp.LOG_APPEND);

    private final Counter epochMessageBytes;
    private final Counter commitRedrives;
    private final Counter recordsHeldBack;
    private final Supplier<Duration> storeServersCpu;
    private final StorageMeter storage;
    private final ChainServerTotal chainServers;
    private final boolean clientsOnly;
    private long cpuStartNanos;
    private Duration storeCpuAtStart = Duration.ZERO;
    private long epochBytesAtStart;
    private long redrivesAtStart;
    private long heldBackAtStart;
    private long evictedAtStart;
    private long loadsAtStart;
    private StorageMeter.Snapshot storageAtStart;
    private boolean started;

    /**
     * @param epochMessageBytes the bytes of epoch messages the regions have sent each other so far
     * @param commitRedrives    the commit passes the coordinators have sent again so far
     * @param recordsHeldBack   the records the coordinators closed without their waiting transactions so far
     * @param storeServersCpu   CPU time of the store servers this run started, so far
     * @param storage           the regions' storage calls
     * @param chainServers      readings of the chain servers, for what their caches hold
     */
    public RunCosts(Counter epochMessageBytes, Counter commitRedrives, Counter recordsHeldBack,
                    Supplier<Duration> storeServersCpu, StorageMeter storage, ChainServerTotal chainServers) {
        this(epochMessageBytes, commitRedrives, recordsHeldBack, storeServersCpu, storage, chainServers, false);
    }

    private RunCosts(Counter epochMessageBytes, Counter commitRedrives, Counter recordsHeldBack,
                     Supplier<Duration> storeServersCpu, StorageMeter storage, ChainServerTotal chainServers,
                     boolean clientsOnly) {
        this.epochMessageBytes = epochMessageBytes;
        this.commitRedrives = commitRedrives;
        this.recordsHeldBack = recordsHeldBack;
        this.storeServersCpu = storeServersCpu;
        this.storage = storage;
        this.chainServers = chainServers;
        this.clientsOnly = clientsOnly;
    }

    /**
     * Costs of a process that runs clients only, the cluster running elsewhere: its facts are the
     * clients' CPU alone.
     */
    public static RunCosts clientsOnly() {
        return new RunCosts(() -> 0, () -> 0, () -> 0, () -> Duration.ZERO, new StorageMeter(), reading -> 0, true);
    }

    /** Starts counting now: when the measured run begins. */
    public void start() throws InterruptedException {
        cpuStartNanos = processCpuNanos();
        storeCpuAtStart = storeServersCpu.get();
        epochBytesAtStart = epochMessageBytes.read();
        redrivesAtStart = commitRedrives.read();
        heldBackAtStart = recordsHeldBack.read();
        evictedAtStart = chainServers.read(CatenaReadings.KEYS_EVICTED);
        loadsAtStart = chainServers.read(CatenaReadings.PARTITION_LOADS);
        storageAtStart = storage.snapshot();
        started = true;
    }

    /** The costs as report facts. */
    public List<ConfigFact> facts(long committed) throws InterruptedException {
        if (committed == 0 || !started) {
            return List.of();
        }
        if (clientsOnly) {
            return clientFacts(committed);
        }
        long cpu = processCpuNanos() - cpuStartNanos;
        long storeCpu = storeServersCpu.get().minus(storeCpuAtStart).toNanos();
        long bytes = epochMessageBytes.read() - epochBytesAtStart;
        StorageMeter.Snapshot calls = storage.snapshot().since(storageAtStart);
        List<ConfigFact> facts = new ArrayList<>();
        facts.add(new ConfigFact("cpu/txn", storeCpu == 0
                ? String.format(Locale.ROOT, "%.0f µs (whole process)", cpu / 1e3 / committed)
                : String.format(Locale.ROOT, "%.0f µs (catena %.0f + store servers %.0f)",
                        (cpu + storeCpu) / 1e3 / committed, cpu / 1e3 / committed, storeCpu / 1e3 / committed)));
        facts.add(new ConfigFact("epoch bytes/txn", String.format(Locale.ROOT, "%.0f B", (double) bytes / committed)));
        // Passes sent again because a transaction made no progress for seconds: a sign of overload.
        facts.add(new ConfigFact("commit re-drives",
                String.format(Locale.ROOT, "%,d", commitRedrives.read() - redrivesAtStart)));
        // Records closed without their waiting transactions: a region was too far behind (backpressure).
        facts.add(new ConfigFact("records held back",
                String.format(Locale.ROOT, "%,d", recordsHeldBack.read() - heldBackAtStart)));
        if (calls.totalCalls() > 0) {
            facts.add(new ConfigFact("storage calls/txn", callsPerTxn(calls, committed)));
            facts.add(new ConfigFact("storage round trip", meanRoundTrips(calls)));
        }
        long cached = chainServers.read(CatenaReadings.BYTES_CACHED);
        if (cached > 0) {
            facts.add(new ConfigFact("chain-server caches", String.format(Locale.ROOT,
                    "%.1f MB at the end, %,d keys evicted and %,d loaded in the run",
                    cached / 1e6, chainServers.read(CatenaReadings.KEYS_EVICTED) - evictedAtStart,
                    chainServers.read(CatenaReadings.PARTITION_LOADS) - loadsAtStart)));
        }
        return facts;
    }

    /** The CPU cost of this process alone: the clients, when the cluster runs elsewhere. */
    private List<ConfigFact> clientFacts(long committed) {
        long cpu = processCpuNanos() - cpuStartNanos;
        return List.of(new ConfigFact("client cpu/txn", String.format(Locale.ROOT, "%.0f µs", cpu / 1e3 / committed)));
    }

    private static String callsPerTxn(StorageMeter.Snapshot calls, long committed) {
        StringJoiner kinds = new StringJoiner(", ", " (", ")");
        for (StorageOp op : StorageOp.values()) {
            double perTxn = (double) calls.calls(op) / committed;
            if (perTxn >= 0.005) {
                kinds.add(String.format(Locale.ROOT, "%s %.2f", op.label(), perTxn));
            }
        }
        return String.format(Locale.ROOT, "%.2f", (double) calls.totalCalls() / committed) + kinds;
    }

    private static String meanRoundTrips(StorageMeter.Snapshot calls) {
        StringJoiner means = new StringJoiner(", ");
        for (StorageOp op : TIMED) {
            if (calls.calls(op) > 0) {
                means.add(String.format(Locale.ROOT, "%s %.2f ms", op.label(), calls.nanos(op) / 1e6 / calls.calls(op)));
            }
        }
        return means.toString();
    }

    /** CPU time this whole process has used so far. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
