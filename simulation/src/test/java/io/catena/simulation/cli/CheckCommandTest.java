package io.catena.simulation.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {

    /** Issue 20, bug 1: accounts no transfer touched were taken for registers nobody wrote. */
    @Test
    void aSweptBankHistoryChecksAsCleanFromItsFileAsInTheRun(@TempDir Path dir) {
        Path file = dir.resolve("b.jsonl");
        Run sweep = run("sweep", "-s", "1", "--workload", "bank:accounts=200", "--load-s", "1",
                "--history-out", file.toString());
        assertThat(sweep.exit()).as(sweep.out()).isZero();

        Run check = run("check", file.toString());

        assertThat(check.exit()).as(check.out()).isZero();
        assertThat(check.out()).contains("anomalies=0");
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = SimCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    record Run(int exit, String out, String err) {
    }
}
