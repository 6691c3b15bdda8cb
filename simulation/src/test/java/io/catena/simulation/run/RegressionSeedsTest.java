package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cluster.SimConfig;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.simulation.fault.FaultMix;
import io.catena.simulation.net.NetworkConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seeds that once broke an invariant, kept forever (docs/PROTOCOL.md, "Seeds that broke
 * invariants", says what each found), and seeds that catch a protocol rule broken on purpose.
 */
class RegressionSeedsTest {

    @ParameterizedTest(name = "seed {0}: {4}")
    @CsvSource(delimiter = '|', value = {
        "97   | bank        | 0 | calm  | a retry after two coordinator crashes in one region went unanswered",
        "125  | list-append | 1 | calm  | a retried request was answered DROPPED although an earlier transaction of it committed",
        "7278 | list-append | 0 | rough | a replaced coordinator rebuilt request dedup from truncated records and ran appends twice",
        "222  | bank        | 1 | calm  | a replaced coordinator replayed its own holdings before its own abandon votes and diverged",
    })
    void stillPasses(long seed, String workload, int faultTolerance, String network, String found) {
        SimConfig config = SimConfig.builder()
                .workload(WorkloadSpec.parse(workload))
                .faults(FaultMix.MIXED)
                .faultTolerance(faultTolerance)
                .network(network.equals("rough") ? NetworkConfig.rough() : NetworkConfig.calm())
                .build();
        SeedResult r = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        assertThat(r.ok()).as("%s\n%s\n%s", r.line(), r.report().summaryLine(), r.report().examples()).isTrue();
        assertThat(r.committed()).isPositive();
    }

    @ParameterizedTest(name = "seed {0}: {2}")
    @CsvSource(delimiter = '|', value = {
        "999801 | --workload list-append:keys=6 --clients 6 --fault-tolerance 1 --max-clock-offset-ms 500"
                + " --delay-tolerance-ms 50 | clients never answered: a region whose clock ran behind scheduled"
                + " epochs the others had abandoned before it closed its own records of them",
        "999803 | --workload list-append:keys=6 --clients 6 --fault-tolerance 1 --max-clock-offset-ms 500"
                + " --delay-tolerance-ms 50 | the same",
        "999818 | --workload list-append:keys=6 --clients 6 --fault-tolerance 1 --max-clock-offset-ms 500"
                + " --delay-tolerance-ms 50 | the same",
        "4      | --preset ec2-5 --fault-tolerance 2 --network rough --faults mixed --max-clock-offset-ms 500"
                + " --delay-tolerance-ms 50 --load-s 3 | the same on five regions with f = 2",
        "1      | --faults mixed --client-timeout-ms 300 | (broken on purpose) outcome lookups answered 'not"
                + " committed' without logging a cancellation, and the requests committed after all",
        "41     | --faults mixed --load-s 6 --client-timeout-ms 300 | (broken on purpose) a successor coordinator"
                + " forgot the cancellations of the window it rebuilt, ran copies of cancelled requests and diverged",
        "1      | --faults late-copies | (broken on purpose) a coordinator took in copies that arrived after the"
                + " first copy had left the dedup window, and ran them a second time",
        "1      | --protocol 2pl --load-s 3 --client-timeout-ms 300 --client-loss 0.05 | (broken on purpose) a"
                + " baseline answered lookups of requests it did not know 'not committed' without remembering the"
                + " cancellation, and later copies of them committed",
        "1      | --protocol occ --load-s 3 --client-timeout-ms 300 --client-loss 0.05 | (broken on purpose) the same"
                + " under OCC",
        "16     | --protocol occ --workload list-append:keys=12 --load-s 3 --clients 8 | OCC validated writers at"
                + " regions where a reader of their key held only its other keys: three transactions committed in a"
                + " cycle of anti-dependencies (G2)",
    })
    void stillPassesWith(long seed, String flags, String found) {
        SweepSlice slice = new SweepSlice(found, 1, seed, flags);
        SeedResult r = new SeedRun(slice.config(), ProcedureRegistry.empty()).run(seed, 0);
        assertThat(r.ok()).as("%s\n%s\n%s\nreplay: %s", r.line(), r.report().summaryLine(), r.report().examples(),
                slice.replay(seed)).isTrue();
        assertThat(r.committed()).isPositive();
    }
}
