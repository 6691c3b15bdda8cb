package io.catena.harness.check;

import io.catena.simulation.cli.SimOptions;
import io.catena.simulation.cluster.SimConfig;

/**
 * The simulated workloads whose recorded histories the checker's mutation tests start from, as the
 * {@code catena-sim sweep} flags that run them: small loads, so that a seed records in well under
 * a second, yet enough transactions that every mutant finds a place to apply.
 */
enum RecordedWorkload {
    /** Appends to and reads of eight lists: the version order of every list is observable. */
    LISTS("--workload list-append:keys=8 --clients 6 --load-s 1"),
    /** Read-modify-writes of twenty registers (the kv default), a fifth of them read-only. */
    REGISTERS("--workload kv:records=20,ro=0.2 --clients 6 --load-s 1"),
    /** Transfers between ten accounts and audits that read every account. */
    BANK("--workload bank --clients 6 --load-s 1");

    private final String flags;

    RecordedWorkload(String flags) {
        this.flags = flags;
    }

    /** The flags that run this workload, e.g. for {@code bin/catena-sim sweep -s SEED}. */
    String flags() {
        return flags;
    }

    SimConfig config() {
        return SimOptions.parse(flags.split(" ")).toConfig();
    }
}
