package io.catena.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.HistoryReader;
import io.catena.harness.check.RecordedHistory;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.run.RunHeader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A history file of demo and bench starts with the run's header and reads back equal. */
class HistoryFileTest {

    @Test
    void theFileReadsBackAsFormat2WithItsHeader(@TempDir Path dir) throws IOException {
        String spec = "bank:accounts=4";
        HistoryHeader header = RunHeader.of(spec, WorkloadSpec.parse(spec).create(1), List.of("eu", "us"));
        List<HistoryEvent> history = List.of(new HistoryEvent("c1-1", 1L, "eu", TxnType.READ_WRITE, 10, 20L,
                TxnOutcome.COMMITTED, "1.0", List.of(HistoryOp.add("accounts/a0", -1), HistoryOp.add("accounts/a1", 1))));
        Path file = dir.resolve("nested/h.jsonl");

        HistoryFile.write(header, history, file);
        RecordedHistory read = HistoryReader.readRecorded(file);

        assertThat(read.format()).isEqualTo(2);
        assertThat(read.header()).isEqualTo(header);
        assertThat(read.events()).isEqualTo(history);
    }
}
