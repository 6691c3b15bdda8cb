package io.catena.core.wan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class EpochOffsetsTest {

    @Example
    void onTheGcpRegionsEuropeRunsFiftyMillisecondsAheadOfTheUsAndAsiaSeventyFive() {
        LatencyMatrix gcp3 = LatencyMatrix.gcp3();

        long[] offsets = EpochOffsets.forBound(gcp3);

        assertThat(offsets).containsExactly(0, 50_000, 75_000);
        assertThat(EpochOffsets.latencies(gcp3, offsets)).containsExactly(new double[] {2_500, 102_500, 152_500},
                within(1.0));
        assertThat(EpochOffsets.latencies(gcp3, new long[3])).as("without offsets: the farthest region's half round trip")
                .containsExactly(new double[] {77_500, 127_500, 127_500}, within(1.0));
    }

    @Example
    void onTheFiveEc2RegionsTheOffsetsReachTheBound() {
        LatencyMatrix ec2 = LatencyMatrix.ec2five();

        assertThat(EpochOffsets.latencies(ec2, EpochOffsets.forBound(ec2)))
                .containsExactly(HeliosBound.solve(ec2), within(1.0));
    }

    /** The class comment's argument, tried: every matrix's bound is reached, by offsets alone. */
    @Property(tries = 300)
    void onAnySymmetricMatrixTheOffsetsReachTheBoundInEveryRegion(@ForAll("matrices") LatencyMatrix m) {
        double[] bound = HeliosBound.solve(m);

        long[] offsets = EpochOffsets.forBound(m);

        assertThat(java.util.Arrays.stream(offsets).min().orElseThrow()).as("the smallest offset").isZero();
        assertThat(EpochOffsets.latencies(m, offsets)).containsExactly(bound, within(1.0));
    }

    @Property(tries = 100)
    void latenciesBelowARoundTripAreRefused(@ForAll("matrices") LatencyMatrix m) {
        double[] below = HeliosBound.solve(m);
        int a = 0;
        int b = 1;
        double shortBy = below[a] + below[b] - m.rttMicros(a, b) + 1_000;
        below[a] -= shortBy / 2;
        below[b] -= shortBy / 2;

        assertThatThrownBy(() -> EpochOffsets.reaching(m, below)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("below the round trips");
    }

    @Provide
    Arbitrary<LatencyMatrix> matrices() {
        return Arbitraries.integers().between(2, 5).flatMap(n -> Arbitraries.longs().between(1, 300)
                .list().ofSize(n * (n - 1) / 2).map(rtts -> {
                    long[][] rtt = new long[n][n];
                    List<String> names = new ArrayList<>();
                    int k = 0;
                    for (int i = 0; i < n; i++) {
                        names.add("r" + i);
                        for (int j = i + 1; j < n; j++) {
                            rtt[i][j] = rtts.get(k) * 2_000;
                            rtt[j][i] = rtt[i][j];
                            k++;
                        }
                    }
                    return new LatencyMatrix("random" + n, names, rtt);
                }));
    }
}
