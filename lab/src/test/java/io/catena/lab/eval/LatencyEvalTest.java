package io.catena.lab.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.protocol.Protocol;
import io.catena.core.wan.LatencyMatrix;
import io.catena.server.config.TimeSpan;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code catena eval latency} refuses before it starts a run. */
class LatencyEvalTest {

    private static final EvalSettings SETTINGS = new EvalSettings(List.of(Protocol.CATENA), TimeSpan.ofMillis(0),
            TimeSpan.ofMillis(2_000), 1, Path.of("eval"));

    @Test
    void anUnknownMatrixIsRefusedInOneSentenceNamingTheKnownOnes() {
        assertThatThrownBy(() -> eval(List.of("gcp3", "gcp4"), List.of("uniform")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown matrix 'gcp4' in --matrices; expected gcp3 or ec2-5");
    }

    @Test
    void anUnknownWorkloadIsRefusedInOneSentenceNamingTheKnownOnes() {
        assertThatThrownBy(() -> eval(List.of("gcp3"), List.of("zipf", "hotspot")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown workload 'hotspot' in --workloads; expected uniform or zipf");
    }

    @Test
    void tooFewClientsOrRecordsAreRefused() {
        StringWriter out = new StringWriter();
        assertThatThrownBy(() -> new LatencyEval(SETTINGS, List.of("gcp3"), List.of("uniform"), 0, 100, true,
                new PrintWriter(out))).hasMessage("--clients must be at least 1, not 0");
        assertThatThrownBy(() -> new LatencyEval(SETTINGS, List.of("gcp3"), List.of("uniform"), 4, 4, true,
                new PrintWriter(out))).hasMessageStartingWith("--records must be at least 5");
    }

    @Test
    void aMatrixNamedTwiceOrByItsAliasIsMeasuredOnce() {
        assertThat(LatencyEval.matrices(List.of("gcp3", "ec2", " gcp ", "ec2-5")))
                .extracting(LatencyMatrix::name).containsExactly("gcp3", "ec2-5");
        assertThat(KvWorkload.parse(List.of("ZIPF", "uniform", "zipf")))
                .containsExactly(KvWorkload.ZIPF, KvWorkload.UNIFORM);
    }

    @Test
    void theWorkloadsAreFigFivesReadWritePanels() {
        assertThat(KvWorkload.UNIFORM.spec(1000)).isEqualTo("kv:records=1000,min=1,max=5,writes=blind");
        assertThat(KvWorkload.ZIPF.spec(1000)).isEqualTo("kv:records=1000,min=1,max=5,writes=blind,dist=zipf1");
    }

    private static LatencyEval eval(List<String> matrices, List<String> workloads) {
        return new LatencyEval(SETTINGS, matrices, workloads, 4, 100_000, true, new PrintWriter(new StringWriter()));
    }
}
