package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Checks a 50,000-transaction serial history end to end (write, read back, check) and logs how
 * long each step took. The timings are logged, not asserted: benchmarks do not belong in unit tests.
 */
class LargeHistoryCheckTest {

    private static final long SEED = 50_000L;

    @Test
    void aFiftyThousandTransactionSerialHistoryChecksClean() throws IOException {
        SerialHistoryGenerator.Generated generated =
                new SerialHistoryGenerator(new Random(SEED), 10, 10, 32).generate(50_000);
        HistoryChecker checker = HistoryChecker.builder().finalLists(generated.finalLists()).build();
        checker.check(generated.history());

        long startNanos = System.nanoTime();
        StringWriter text = new StringWriter();
        try (HistoryWriter writer = new HistoryWriter(text)) {
            writer.writeAll(generated.history());
        }
        long writtenNanos = System.nanoTime();
        List<HistoryEvent> history = HistoryReader.read(new StringReader(text.toString()));
        long readNanos = System.nanoTime();
        CheckReport report = checker.check(history);
        long checkedNanos = System.nanoTime();

        assertThat(report.anomalies()).as("seed %d: %s", SEED, report).isZero();
        assertThat(history).isEqualTo(generated.history());
        System.out.printf("50,000 txns (%d bytes): write %d ms, read %d ms, check %d ms; %s %s%n",
                text.getBuffer().length(), (writtenNanos - startNanos) / 1_000_000,
                (readNanos - writtenNanos) / 1_000_000, (checkedNanos - readNanos) / 1_000_000,
                report.summaryLine(), report.info());
    }
}
