package io.catena.lab.fault;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@code catena fault} runs a scenario: which region it hits, with what fault tolerance, how
 * long the load runs before, during and after the fault, and with which clients and workload.
 *
 * @param scenario       the scenario's name ({@link FaultScenarios})
 * @param region         the region the fault hits, one of {@link ThreeRegionProcesses#REGIONS}
 * @param faultTolerance the regions' {@code faultTolerance}, 0 or 1
 * @param before         load before the fault
 * @param faultFor       how long the fault lasts (a scenario of several steps holds each this long)
 * @param after          load after the heal, once every process is healthy again
 * @param clients        closed-loop clients per region
 * @param seed           the seed of the clients' transactions
 * @param workload       the bank workload, as the simulator names it
 * @param dir            where the processes' files, journals, output and the history go
 * @param report         the CSV file of the timeline
 * @param repeat         how many times a scenario that can repeats its fault (the coordinator
 *                       scenarios, for failover figures over several kills)
 */
public record FaultOptions(String scenario, String region, int faultTolerance, Duration before, Duration faultFor,
                           Duration after, int clients, long seed, String workload, Path dir, Path report,
                           int repeat) {

    /** Options of a fault made once. */
    public FaultOptions(String scenario, String region, int faultTolerance, Duration before, Duration faultFor,
                        Duration after, int clients, long seed, String workload, Path dir, Path report) {
        this(scenario, region, faultTolerance, before, faultFor, after, clients, seed, workload, dir, report, 1);
    }

    public FaultOptions {
        Objects.requireNonNull(scenario, "scenario");
        if (!ThreeRegionProcesses.REGIONS.contains(region)) {
            throw new IllegalArgumentException("no region '" + region + "': name one of "
                    + String.join(", ", ThreeRegionProcesses.REGIONS));
        }
        if (faultTolerance < 0 || faultTolerance > 1) {
            throw new IllegalArgumentException("three regions run with a fault tolerance of 0 or 1, not "
                    + faultTolerance);
        }
        if (!workload.startsWith("bank:") && !workload.equals("bank")) {
            throw new IllegalArgumentException("the fault runs check the money: give a bank workload such as "
                    + "bank:accounts=200, not '" + workload + "'");
        }
        if (repeat < 1) {
            throw new IllegalArgumentException("--repeat must be at least 1, not " + repeat);
        }
        if (clients < 1) {
            throw new IllegalArgumentException("run at least one client per region, not " + clients);
        }
    }

    /** The index of {@link #region} in {@link ThreeRegionProcesses#REGIONS}. */
    public int regionIndex() {
        return ThreeRegionProcesses.REGIONS.indexOf(region);
    }

    /** The command that runs this scenario again with these options. */
    public String replayCommand() {
        return "bin/catena fault " + scenario + " --region " + region + " --fault-tolerance " + faultTolerance
                + " --before " + span(before) + " --fault-for " + span(faultFor) + " --after " + span(after)
                + " --clients " + clients + " --seed " + seed + " --workload " + workload
                + (repeat == 1 ? "" : " --repeat " + repeat);
    }

    private static String span(Duration d) {
        return d.toMillis() % 1_000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
