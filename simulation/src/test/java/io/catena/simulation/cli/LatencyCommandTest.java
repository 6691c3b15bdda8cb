package io.catena.simulation.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class LatencyCommandTest {

    @Test
    void regionsThatShareAClockAreSimulatedWithoutOffsets() {
        StringWriter out = new StringWriter();
        int exit = SimCommand.execute(new String[] {"latency", "--workload", "kv:records=1000,min=3,max=3",
            "--rate", "50", "--load-s", "1", "--max-clock-offset-ms", "0"},
                new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
        assertThat(exit).isZero();
        assertThat(out.toString()).contains("clocks off by up to 0.0 ms").contains("anomalies=0")
                .contains("rw non-conflicting");
    }

    @Test
    void impossibleSettingsAreRefusedInOneSentence() {
        String[][] bad = {
            {"--rate", "-5"}, {"--load-s", "0"}, {"--epoch", "0"}, {"--max-clock-offset-ms", "-1"},
        };
        for (String[] option : bad) {
            StringWriter err = new StringWriter();
            int exit = SimCommand.execute(new String[] {"latency", option[0], option[1]},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            assertThat(exit).as(option[0]).isEqualTo(2);
            assertThat(err.toString().strip()).as(option[0]).startsWith("catena-sim: " + option[0] + " must be")
                    .doesNotContain("\n").doesNotContain("Exception");
        }
    }
}
