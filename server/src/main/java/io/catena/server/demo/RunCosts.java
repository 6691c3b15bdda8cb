package io.catena.server.demo;

import io.catena.server.report.ConfigFact;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * What a run cost per committed transaction: CPU time of this whole process (regions and clients
 * alike, since an in-process cluster shares one JVM) and bytes of epoch messages between regions.
 */
public final class RunCosts {

    private final long cpuStartNanos;

    private RunCosts(long cpuStartNanos) {
        this.cpuStartNanos = cpuStartNanos;
    }

    /** Starts counting CPU time now. */
    public static RunCosts begin() {
        return new RunCosts(processCpuNanos());
    }

    /** The costs as report facts; {@code epochMessageBytes} is what the regions sent each other. */
    public List<ConfigFact> facts(long committed, long epochMessageBytes) {
        if (committed == 0) {
            return List.of();
        }
        long cpu = processCpuNanos() - cpuStartNanos;
        return List.of(
                new ConfigFact("cpu/txn", String.format(Locale.ROOT, "%.0f µs (whole process)", cpu / 1e3 / committed)),
                new ConfigFact("epoch bytes/txn", String.format(Locale.ROOT, "%.0f B", (double) epochMessageBytes / committed)));
    }

    /** The CPU cost of this process alone: the clients, when the cluster runs elsewhere. */
    public List<ConfigFact> clientFacts(long committed) {
        if (committed == 0) {
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
