package io.catena.lab.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.protocol.Protocol;
import io.catena.core.wan.LatencyMatrix;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The order of {@code catena eval latency}'s runs: no protocol is measured in its first run in the process. */
class LatencyRunTest {

    private static final Protocol CATENA = Protocol.CATENA;
    private static final Protocol HELIOS = new Protocol("helios");
    private static final Protocol MF = new Protocol("mf");
    private static final LatencyPanel EC2_UNIFORM = new LatencyPanel(LatencyMatrix.preset("ec2-5"), KvWorkload.UNIFORM);
    private static final LatencyPanel GCP_ZIPF = new LatencyPanel(LatencyMatrix.preset("gcp3"), KvWorkload.ZIPF);

    @Test
    void everyProtocolIsPrimedOnceBeforeItsFirstMeasuredRun() {
        List<LatencyRun> runs = LatencyRun.schedule(List.of(EC2_UNIFORM, GCP_ZIPF),
                List.of(CATENA, HELIOS, MF));

        assertThat(runs).containsExactly(
                new LatencyRun(EC2_UNIFORM, CATENA, false), new LatencyRun(EC2_UNIFORM, CATENA, true),
                new LatencyRun(EC2_UNIFORM, HELIOS, false), new LatencyRun(EC2_UNIFORM, HELIOS, true),
                new LatencyRun(EC2_UNIFORM, MF, false), new LatencyRun(EC2_UNIFORM, MF, true),
                new LatencyRun(GCP_ZIPF, CATENA, true), new LatencyRun(GCP_ZIPF, HELIOS, true),
                new LatencyRun(GCP_ZIPF, MF, true));
    }

    @Test
    void aPrimerSaysItIsNotMeasured() {
        assertThat(new LatencyRun(EC2_UNIFORM, HELIOS, false).title())
                .isEqualTo("ec2-5, uniform, helios (primer: not measured, so that its code is compiled)");
        assertThat(new LatencyRun(EC2_UNIFORM, HELIOS, true).title()).isEqualTo("ec2-5, uniform, helios");
    }
}
