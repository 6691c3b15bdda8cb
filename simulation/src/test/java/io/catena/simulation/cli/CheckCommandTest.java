package io.catena.simulation.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.HistoryReader;
import io.catena.harness.check.HistoryWriter;
import io.catena.harness.check.InitialValues;
import io.catena.harness.check.KeyKind;
import io.catena.harness.check.OpValue;
import io.catena.harness.check.RecordedHistory;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
        assertThat(check.out()).startsWith("format=2 ").contains("anomalies=0");
    }

    /** Issue 20, bug 2, as reported: one audit of a clean run's file made to read one more. */
    @Test
    void anAuditOfASweptBankThatReadsOneMoreIsAMismatchNamingIt(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("b.jsonl");
        run("sweep", "-s", "1", "--workload", "bank:accounts=20", "--load-s", "1", "--history-out", file.toString());
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        int audit = -1;
        for (int i = 1; i < lines.size() && audit < 0; i++) {
            if (lines.get(i).contains("\"type\":\"ro\"") && lines.get(i).contains("\"outcome\":\"committed\"")) {
                audit = i;
            }
        }
        assertThat(audit).as("a committed audit in the history").isPositive();
        String original = lines.get(audit);
        Matcher balance = Pattern.compile("\"value\":(\\d+)").matcher(original);
        assertThat(balance.find()).isTrue();
        lines.set(audit, original.substring(0, balance.start(1)) + (Long.parseLong(balance.group(1)) + 1)
                + original.substring(balance.end(1)));
        Files.write(file, lines);
        String id = original.substring(original.indexOf("\"id\":\"") + 6, original.indexOf("\",\"session\""));

        Run check = run("check", file.toString());

        assertThat(check.exit()).as(check.out()).isEqualTo(1);
        assertThat(check.out()).contains("bank-total-mismatch=1").contains(id + " read balances adding up to 20001,"
                + " not 20000");
    }

    /**
     * Issue 20, bug 2: every audit must add up to the bank's total. These two agree with each
     * other, so only the header's total tells that both are wrong.
     */
    @Test
    void anAuditThatMissesTheHeadersBankTotalIsAMismatchNamingIt(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bank.jsonl");
        try (HistoryWriter writer = HistoryWriter.of(Files.newOutputStream(file))) {
            writer.writeHeader(new HistoryHeader("bank:accounts=3", List.of("eu"), true,
                    Map.of("accounts", KeyKind.COUNTER), List.of(new InitialValues("accounts/a{i}", 0, 2,
                            OpValue.of(1000))), new HistoryHeader.Bank("accounts", 3000)));
            writer.write(new HistoryEvent("c1-1", 1L, "eu", TxnType.READ_WRITE, 1, 2L, TxnOutcome.COMMITTED, null,
                    List.of(HistoryOp.add("accounts/a0", -5), HistoryOp.add("accounts/a1", 5))));
            for (String audit : List.of("c2-1", "c2-2")) {
                writer.write(new HistoryEvent(audit, 2L, "eu", TxnType.READ_ONLY, 3, 4L, TxnOutcome.COMMITTED, null,
                        List.of(HistoryOp.read("accounts/a0", OpValue.of(995)),
                                HistoryOp.read("accounts/a1", OpValue.of(1006)),
                                HistoryOp.read("accounts/a2", OpValue.of(1000)))));
            }
        }

        Run check = run("check", file.toString());

        assertThat(check.exit()).as(check.out()).isEqualTo(1);
        assertThat(check.out()).contains("bank-total-mismatch=2")
                .contains("c2-1 read balances adding up to 3001, not 3000")
                .contains("c2-2 read balances adding up to 3001, not 3000");
    }

    @Test
    void theOutputNamesTheFormatItRead(@TempDir Path dir) throws IOException {
        Path v1 = dir.resolve("v1.jsonl");
        Files.writeString(v1, HistoryWriter.toLine(new HistoryEvent("c1-1", "eu", TxnType.READ_WRITE, 1, 2L,
                TxnOutcome.COMMITTED, null, List.of(HistoryOp.append("lists/k1", 1)))) + "\n");
        Path v2 = dir.resolve("v2.jsonl");
        try (HistoryWriter writer = HistoryWriter.of(Files.newOutputStream(v2))) {
            writer.writeHeader(new HistoryHeader("list-append", List.of("eu"), true, Map.of("lists", KeyKind.LIST),
                    List.of(), null));
            writer.write(new HistoryEvent("c1-1", 1L, "eu", TxnType.READ_WRITE, 1, 2L, TxnOutcome.COMMITTED, null,
                    List.of(HistoryOp.append("lists/k1", 1))));
        }

        assertThat(run("check", v1.toString()).out()).startsWith("format=1 transactions=1 anomalies=0");
        assertThat(run("check", v2.toString()).out()).startsWith("format=2 transactions=1 anomalies=0");
    }

    @Test
    void aSweptListAppendHistoryExportsForElleToStandardOutputOrAFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("la.jsonl");
        run("sweep", "-s", "3", "--workload", "list-append", "--load-s", "1", "--history-out", file.toString());
        RecordedHistory recorded = HistoryReader.readRecorded(file);

        Run export = run("check", "--export", "elle", file.toString());

        assertThat(export.exit()).as(export.err()).isZero();
        JsonNode ops = new ObjectMapper().readTree(export.out());
        assertThat(ops).hasSize(2 * recorded.events().size());
        assertThat(ops.findValuesAsText("type").stream().filter("ok"::equals).count())
                .isEqualTo(recorded.events().stream().filter(HistoryEvent::committed).count());
        assertThat(ops.findValuesAsText("f")).containsOnly("txn");

        Path elle = dir.resolve("la.json");
        Run toFile = run("check", "--export", "elle", "--out", elle.toString(), file.toString());
        assertThat(toFile.out()).isEqualTo("format=2 transactions=" + recorded.events().size()
                + " written for elle-cli (--model list-append) to " + elle + System.lineSeparator());
        assertThat(new ObjectMapper().readTree(elle.toFile())).isEqualTo(ops);
    }

    @Test
    void aBankHistoryIsNotExportedForElle(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("b.jsonl");
        run("sweep", "-s", "1", "--workload", "bank", "--load-s", "1", "--history-out", file.toString());

        Run export = run("check", "--export", "elle", "--out", dir.resolve("b.json").toString(), file.toString());

        assertThat(export.exit()).isEqualTo(2);
        assertThat(export.err().strip()).startsWith("catena-sim: Elle's list-append checker reads only appends and"
                + " reads of lists, but ").doesNotContain("\n");
        assertThat(dir.resolve("b.json")).doesNotExist();
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
