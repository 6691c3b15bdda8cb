package io.catena.core.wan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.catena.core.wan.LatencyMatrix;
import org.junit.jupiter.api.Test;

class HeliosBoundTest {

    @Test
    void theThreeGcpRegionsHaveTheUniqueTightSolution() {
        double[] l = HeliosBound.solve(LatencyMatrix.gcp3());
        assertThat(l[0]).isCloseTo(2_500, within(1.0));
        assertThat(l[1]).isCloseTo(102_500, within(1.0));
        assertThat(l[2]).isCloseTo(152_500, within(1.0));
    }

    /**
     * The dissertation derives 69, 10, 10, 166 and 200 ms for V, O, C, I and S (455 ms in all) from
     * its Table 4.2. That assignment is feasible for our reading of the table; the exact optimum is
     * 2 ms lower (68, 10, 10, 165, 200), a rounding difference.
     */
    @Test
    void theFiveEc2RegionsReachAtLeastTheDissertationsOptimum() {
        LatencyMatrix m = LatencyMatrix.ec2five();
        double[] published = {69_000, 10_000, 10_000, 166_000, 200_000};
        assertThat(feasible(m, published)).isTrue();
        double[] l = HeliosBound.solve(m);
        assertThat(feasible(m, l)).isTrue();
        assertThat(sum(l)).isLessThanOrEqualTo(sum(published)).isCloseTo(sum(published), within(0.01 * sum(published)));
        assertThat(l).containsExactly(new double[] {68_000, 10_000, 10_000, 165_000, 200_000}, within(1.0));
    }

    private static boolean feasible(LatencyMatrix m, double[] l) {
        for (int i = 0; i < m.size(); i++) {
            if (l[i] < -1e-6) {
                return false;
            }
            for (int j = i + 1; j < m.size(); j++) {
                if (l[i] + l[j] < m.rttMicros(i, j) - 1e-6) {
                    return false;
                }
            }
        }
        return true;
    }

    private static double sum(double[] l) {
        double s = 0;
        for (double v : l) {
            s += v;
        }
        return s;
    }

    @Test
    void theDissertationsTableFourOneExampleAveragesFifteen() {
        LatencyMatrix m = new LatencyMatrix("t41", java.util.List.of("A", "B", "C"), new long[][] {
            {0, 30, 20}, {30, 0, 40}, {20, 40, 0}});
        double[] l = HeliosBound.solve(m);
        assertThat((l[0] + l[1] + l[2]) / 3).isCloseTo(15, within(1e-6));
    }
}
