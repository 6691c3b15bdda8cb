package io.catena.server.demo;

import io.catena.server.report.ConfigFact;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * What a measured run cost per committed transaction: CPU time of this whole process (regions and
 * clients alike, since an in-process cluster shares one JVM) and bytes of epoch messages between
 * regions, both counted from {@link #start()}.
 */
public final class RunCosts {

    /** Reads a counter that may have to ask the nodes' threads. */
    public interface Counter {
        long read() throws InterruptedException;
    }

    private final Counter epochMessageBytes;
    private long cpuStartNanos;
    private long epochBytesAtStart;
    private boolean started;

    /** @param epochMessageBytes the bytes of epoch messages the regions have sent each other so far */
    public RunCosts(Counter epochMessageBytes) {
        this.epochMessageBytes = epochMessageBytes;
    }

    /** Costs of a process that runs clients only: no epoch messages of its own. */
    public static RunCosts clientsOnly() {
        return new RunCosts(() -> 0);
    }

    /** Starts counting now: when the measured run begins. */
    public void start() throws InterruptedException {
        cpuStartNanos = processCpuNanos();
        epochBytesAtStart = epochMessageBytes.read();
        started = true;
    }

    /** The costs as report facts. */
    public List<ConfigFact> facts(long committed) throws InterruptedException {
        if (committed == 0 || !started) {
            return List.of();
        }
        long cpu = processCpuNanos() - cpuStartNanos;
        long bytes = epochMessageBytes.read() - epochBytesAtStart;
        return List.of(
                new ConfigFact("cpu/txn",
                        String.format(Locale.ROOT, "%.0f µs (whole process)", cpu / 1e3 / committed)),
                new ConfigFact("epoch bytes/txn", String.format(Locale.ROOT, "%.0f B", (double) bytes / committed)));
    }

    /** The CPU cost of this process alone: the clients, when the cluster runs elsewhere. */
    public List<ConfigFact> clientFacts(long committed) {
        if (committed == 0 || !started) {
            return List.of();
        }
        long cpu = processCpuNanos() - cpuStartNanos;
        return List.of(new ConfigFact("client cpu/txn", String.format(Locale.ROOT, "%.0f µs", cpu / 1e3 / committed)));
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
