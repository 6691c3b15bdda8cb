package io.catena.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A workload parameter out of range ends the command with one sentence, before any cluster starts. */
class WorkloadFlagTest {

    @ParameterizedTest
    @ValueSource(strings = {"demo --no-browser", "bench"})
    void aBadParameterIsOneSentenceAndAFailingExit(String command) {
        String[] args = (command + " --workload kv:records=-5").split(" ");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = CatenaCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));

        assertThat(exit).isNotZero();
        assertThat(err.toString()).isEqualTo(
                "catena: workload kv: records must be a whole number from 1 to 2147483647, not -5" + System.lineSeparator());
    }
}
