package io.catena.lab.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.catena.core.wan.LatencyMatrix;
import org.junit.jupiter.api.Test;

/** The lower bound the latency comparison reports, against the figures the dissertation publishes. */
class MatrixRegionTest {

    @Test
    void gcp3sBoundIsTheDissertations() {
        LatencyPanel panel = new LatencyPanel(LatencyMatrix.gcp3(), KvWorkload.UNIFORM);

        assertThat(panel.regions()).extracting(MatrixRegion::name)
                .containsExactly("us-central1", "europe-west1", "asia-east1");
        assertThat(panel.regions()).extracting(MatrixRegion::boundMillis)
                .containsExactly(2.5, 102.5, 152.5);
        assertThat(panel.meanBoundMillis()).isCloseTo(85.8, within(0.05));
    }

    /**
     * The dissertation gives 69, 10, 10, 166 and 200 ms (mean 91) for ec2-5 from its Table 4.2;
     * the exact optimum of that table is 68, 10, 10, 165 and 200 (mean 90.6), within a rounding
     * of its figures, and that is what the comparison reports.
     */
    @Test
    void ec2FivesBoundIsTheDissertationsWithinItsRounding() {
        LatencyPanel panel = new LatencyPanel(LatencyMatrix.ec2five(), KvWorkload.ZIPF);
        double[] published = {69, 10, 10, 166, 200};

        assertThat(panel.regions()).extracting(MatrixRegion::name)
                .containsExactly("virginia", "oregon", "california", "ireland", "singapore");
        assertThat(panel.regions()).extracting(MatrixRegion::boundMillis)
                .containsExactly(68.0, 10.0, 10.0, 165.0, 200.0);
        for (MatrixRegion r : panel.regions()) {
            assertThat(r.boundMillis()).as(r.name()).isCloseTo(published[r.index()], within(1.0));
        }
        assertThat(panel.meanBoundMillis()).isCloseTo(90.6, within(0.05));
        assertThat(Math.round(panel.meanBoundMillis())).isEqualTo(91);
    }
}
