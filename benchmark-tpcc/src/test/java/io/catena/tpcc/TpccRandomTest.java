package io.catena.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.tpcc.load.TpccLoader;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** NURand's run-time constants as clause 2.1.6 wants them. */
class TpccRandomTest {

    @Test
    void everyGeneratorSplitFromOneSharesItsConstantsAsAllTerminalsMust() {
        TpccRandom root = new TpccRandom(5);
        TpccRandom terminal = root.split();
        TpccRandom another = root.split().split();

        assertThat(terminal.lastNameConstant()).isEqualTo(root.lastNameConstant())
                .isEqualTo(another.lastNameConstant());
        // Same constant and the same draws give the same skew: compare a run of customer ids.
        TpccRandom again = new TpccRandom(5).split();
        for (int i = 0; i < 100; i++) {
            assertThat(again.customerId(3000)).isEqualTo(terminal.customerId(3000));
        }
    }

    @Test
    void aRunsLastNameConstantIsAsFarFromTheLoadsAsTheSpecificationRequires() {
        Set<Integer> deltas = new HashSet<>();
        for (long seed = 0; seed < 2_000; seed++) {
            int load = TpccLoader.lastNameConstant(seed);
            int run = TpccRandom.forRun(seed, load).lastNameConstant();
            int delta = Math.abs(run - load);
            assertThat(run).isBetween(0, 255);
            assertThat(delta).as("seed %d: C_LOAD %d, C_RUN %d", seed, load, run).isBetween(65, 119)
                    .isNotIn(96, 112);
            deltas.add(delta);
        }
        assertThat(deltas).as("deltas drawn over the range").hasSizeGreaterThan(40);
        for (int load : new int[] {0, 136, 137, 255}) {
            assertThat(Math.abs(TpccRandom.forRun(1, load).lastNameConstant() - load)).isBetween(65, 119);
        }
        assertThatThrownBy(() -> TpccRandom.forRun(1, 256)).hasMessage("C_LOAD is 0-255, not 256");
    }
}
