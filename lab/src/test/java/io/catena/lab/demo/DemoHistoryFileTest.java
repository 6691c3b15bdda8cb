package io.catena.lab.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.lab.cli.CatenaCommand;
import io.catena.harness.check.HistoryReader;
import io.catena.harness.check.RecordedHistory;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, bug 1 on a real run: a bank of 200 accounts, many of them untouched in a short run,
 * checks as clean from its file as it did in the run.
 */
class DemoHistoryFileTest {

    @Test
    void aDemoHistoryChecksCleanFromItsFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("h.jsonl");
        StringWriter demoOut = new StringWriter();
        int demo = CatenaCommand.execute(new String[] {"demo", "--protocol", "2pl", "--workload", "bank:accounts=200",
            "--duration", "2s", "--clients", "4", "--history-out", file.toString(),
            "--report", dir.resolve("report.html").toString(), "--no-browser"},
                new PrintWriter(demoOut, true), new PrintWriter(new StringWriter(), true));
        assertThat(demo).as(demoOut.toString()).isZero();

        RecordedHistory recorded = HistoryReader.readRecorded(file);
        assertThat(recorded.format()).isEqualTo(2);
        assertThat(recorded.header().workload()).isEqualTo("bank:accounts=200");
        assertThat(recorded.header().regions()).hasSize(3);
        assertThat(recorded.events()).isNotEmpty().allSatisfy(e -> assertThat(e.session()).isNotNull());

        StringWriter checkOut = new StringWriter();
        int check = CatenaCommand.execute(new String[] {"check", file.toString()}, new PrintWriter(checkOut, true),
                new PrintWriter(new StringWriter(), true));
        assertThat(check).as(checkOut.toString()).isZero();
        assertThat(checkOut.toString()).startsWith("format=2 ").contains("anomalies=0");
    }
}
