package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.Protocol;
import io.catena.simulation.cluster.SimConfig;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.simulation.fault.FaultMix;
import io.catena.simulation.net.NetworkConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A seed runs the same way twice: the same event trace and the same observed history. */
class LockStepTest {

    @ParameterizedTest
    @ValueSource(longs = {3, 17, 42})
    void aSeedReplaysExactly(long seed) {
        SimConfig config = SimConfig.builder().workload(WorkloadSpec.parse("bank")).faults(FaultMix.MIXED)
                .network(NetworkConfig.rough()).faultTolerance(1).build();
        SeedResult a = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        SeedResult b = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        assertThat(b.fingerprint()).isEqualTo(a.fingerprint());
        assertThat(b.events()).isEqualTo(a.events());
        assertThat(b.history()).isEqualTo(a.history());
        assertThat(a.events()).isGreaterThan(1000);
    }

    /** The log protocols' node, with crashes, pauses and partitions, replays exactly too. */
    @ParameterizedTest
    @CsvSource({"helios, 3", "helios, 17", "mf, 3"})
    void aLogProtocolSeedReplaysExactly(String protocol, long seed) {
        SimConfig config = SimConfig.builder().protocol(Protocol.parse(protocol)).faults(FaultMix.MIXED).build();
        SeedResult a = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        SeedResult b = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        assertThat(b.fingerprint()).isEqualTo(a.fingerprint());
        assertThat(b.history()).isEqualTo(a.history());
        assertThat(a.events()).isGreaterThan(1000);
    }

    @ParameterizedTest
    @ValueSource(longs = {3})
    void differentSeedsRunDifferently(long seed) {
        SimConfig config = SimConfig.builder().build();
        SeedResult a = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        SeedResult b = new SeedRun(config, ProcedureRegistry.empty()).run(seed + 1, 0);
        assertThat(b.fingerprint()).isNotEqualTo(a.fingerprint());
    }
}
