package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryFormatTest {

    private static final String DOCUMENTED_LINE = "{\"id\":\"c3-17\",\"region\":\"us-central1\",\"type\":\"rw\","
            + "\"invoke_us\":1200340,\"complete_us\":1390001,\"outcome\":\"committed\",\"version\":\"12.3\","
            + "\"ops\":[{\"f\":\"append\",\"key\":\"lists/k3\",\"value\":17},"
            + "{\"f\":\"read\",\"key\":\"lists/k3\",\"value\":[4,9,17]},"
            + "{\"f\":\"write\",\"key\":\"regs/k1\",\"value\":\"c3-17\"},"
            + "{\"f\":\"read\",\"key\":\"regs/k2\",\"value\":null},"
            + "{\"f\":\"add\",\"key\":\"accounts/a1\",\"value\":-5}]}";

    private static final HistoryEvent DOCUMENTED_EVENT = new HistoryEvent("c3-17", "us-central1",
            TxnType.READ_WRITE, 1_200_340, 1_390_001L, TxnOutcome.COMMITTED, "12.3", List.of(
                    HistoryOp.append("lists/k3", 17),
                    HistoryOp.readList("lists/k3", 4L, 9L, 17L),
                    HistoryOp.write("regs/k1", "c3-17"),
                    HistoryOp.read("regs/k2", OpValue.NIL),
                    HistoryOp.add("accounts/a1", -5)));

    private static final String DOCUMENTED_HEADER = "{\"format\":2,\"workload\":\"bank:accounts=200\","
            + "\"regions\":[\"us-central1\",\"europe-west1\",\"asia-east1\"],\"comparable_clocks\":true,"
            + "\"tables\":{\"accounts\":\"counter\"},"
            + "\"initial\":[{\"keys\":\"accounts/a{i}\",\"from\":0,\"to\":199,\"value\":1000}],"
            + "\"bank\":{\"table\":\"accounts\",\"total\":200000}}";

    private static final HistoryHeader BANK_HEADER = new HistoryHeader("bank:accounts=200",
            List.of("us-central1", "europe-west1", "asia-east1"), true, Map.of("accounts", KeyKind.COUNTER),
            List.of(new InitialValues("accounts/a{i}", 0, 199, OpValue.of(1000))),
            new HistoryHeader.Bank("accounts", 200_000));

    private static final String DOCUMENTED_V2_LINE = DOCUMENTED_LINE.replace("\"id\":\"c3-17\",",
            "\"id\":\"c3-17\",\"session\":3,");

    private static final HistoryEvent DOCUMENTED_V2_EVENT = new HistoryEvent("c3-17", 3L, "us-central1",
            TxnType.READ_WRITE, 1_200_340, 1_390_001L, TxnOutcome.COMMITTED, "12.3", DOCUMENTED_EVENT.ops());

    @Test
    void theDocumentedHeaderAndLineOfFormat2ReadAsTheySayAndWriteBackIdentically() throws IOException {
        String text = DOCUMENTED_HEADER + "\n" + DOCUMENTED_V2_LINE + "\n";

        RecordedHistory read = HistoryReader.readRecorded(new StringReader(text));

        assertThat(read.format()).isEqualTo(2);
        assertThat(read.header()).isEqualTo(BANK_HEADER);
        assertThat(read.events()).containsExactly(DOCUMENTED_V2_EVENT);
        StringWriter written = new StringWriter();
        try (HistoryWriter writer = new HistoryWriter(written)) {
            writer.writeHeader(BANK_HEADER);
            writer.write(DOCUMENTED_V2_EVENT);
        }
        assertThat(written).hasToString(text);
    }

    @Test
    void aHeaderWithRegistersStringsAndSingleKeysRoundTrips() throws IOException {
        HistoryHeader header = new HistoryHeader("kv:records=3", List.of("eu"), false,
                Map.of("kv", KeyKind.REGISTER, "lists", KeyKind.LIST),
                List.of(InitialValues.of("kv/r0", OpValue.of("zero")),
                        new InitialValues("kv/r{i}", 1, 2, OpValue.of(7))),
                null);
        StringWriter written = new StringWriter();
        try (HistoryWriter writer = new HistoryWriter(written)) {
            writer.writeHeader(header);
        }

        RecordedHistory read = HistoryReader.readRecorded(new StringReader(written.toString()));

        assertThat(read.header()).isEqualTo(header);
        assertThat(read.events()).isEmpty();
        assertThat(read.header().initialValueByKey()).containsOnly(Map.entry("kv/r0", OpValue.of("zero")),
                Map.entry("kv/r1", OpValue.of(7)), Map.entry("kv/r2", OpValue.of(7)));
    }

    @Test
    void aFileWithoutAHeaderIsFormat1AndNeedsNoSessions() throws IOException {
        RecordedHistory read = HistoryReader.readRecorded(new StringReader(DOCUMENTED_LINE + "\n"
                + DOCUMENTED_V2_LINE.replace("c3-17", "c3-18") + "\n"));

        assertThat(read.format()).isEqualTo(1);
        assertThat(read.header()).isNull();
        assertThat(read.events()).extracting(HistoryEvent::session).containsExactly(null, 3L);
    }

    @Test
    void aFileWithAHeaderNamesEverySessionAndHasNoSecondHeader() {
        assertThatThrownBy(() -> HistoryReader.readRecorded(new StringReader(DOCUMENTED_HEADER + "\n"
                + DOCUMENTED_LINE)))
                .isInstanceOf(MalformedHistoryException.class)
                .hasMessage("history line 2: field \"session\" must be a 64-bit integer in a history with a header"
                        + " but was missing");
        assertThatThrownBy(() -> HistoryReader.readRecorded(new StringReader(DOCUMENTED_V2_LINE + "\n"
                + DOCUMENTED_HEADER)))
                .isInstanceOf(MalformedHistoryException.class)
                .hasMessage("history line 2: a header (a line with \"format\") must be the first line");
    }

    @Test
    void eachKindOfMalformedHeaderNamesWhatIsWrong() {
        assertMalformedHeader(DOCUMENTED_HEADER.replace("\"format\":2", "\"format\":3"),
                "this reader knows format 1 (no header) and format 2, not \"format\":3");
        assertMalformedHeader(DOCUMENTED_HEADER.replace("\"counter\"", "\"set\""),
                "field \"tables.accounts\": expected one of list, register, counter but was \"set\"");
        assertMalformedHeader(DOCUMENTED_HEADER.replace("\"to\":199", "\"to\":-1"),
                "initial[0]: the initial values of accounts/a{i} run from 0 to -1, which is backwards");
        assertMalformedHeader(DOCUMENTED_HEADER.replace("accounts/a{i}", "accounts/a{j}"),
                "initial[0]: the initial values of accounts/a{j} name 200 keys, but the template has no {i}");
        assertMalformedHeader(DOCUMENTED_HEADER.replace("\"value\":1000", "\"value\":\"rich\""),
                "the initial values of accounts/a{i} are counters and must be integers, not \"rich\"");
        assertMalformedHeader(DOCUMENTED_HEADER.replace("\"table\":\"accounts\"", "\"table\":\"vault\""),
                "the bank's table vault is not declared a counter table");
        assertMalformedHeader(DOCUMENTED_HEADER.replace("\"comparable_clocks\":true,", ""),
                "field \"comparable_clocks\" must be true or false but was missing");
    }

    @Test
    void initialValuesNameTheirKeysByTemplate() {
        List<String> keys = new java.util.ArrayList<>();
        new InitialValues("accounts/b{i%4}#a{i}", 3, 5, OpValue.of(1)).forEach((key, value) -> keys.add(key));

        assertThat(keys).containsExactly("accounts/b3#a3", "accounts/b0#a4", "accounts/b1#a5");
        assertThatThrownBy(() -> new InitialValues("k/{x}", 0, 0, OpValue.of(1)))
                .hasMessage("the key template k/{x} has a { that is neither {i} nor {i%N}");
        assertThatThrownBy(() -> new InitialValues("k/{i}", 0, 0, OpValue.ofList(List.of())))
                .hasMessage("an initial value must be an integer or a string but was []");
    }

    @Test
    void aWriterPutsTheHeaderFirstAndASessionOnEveryLineAfterIt() throws IOException {
        try (HistoryWriter writer = new HistoryWriter(new StringWriter())) {
            writer.write(DOCUMENTED_EVENT);
            assertThatThrownBy(() -> writer.writeHeader(BANK_HEADER)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("a history's header must be its first line, but lines were written before it");
        }
        try (HistoryWriter writer = new HistoryWriter(new StringWriter())) {
            writer.writeHeader(BANK_HEADER);
            assertThatThrownBy(() -> writer.write(DOCUMENTED_EVENT)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("a history with a header names every transaction's session, but c3-17 has none");
        }
    }

    @Test
    void theDocumentedExampleReadsAsItSaysAndWritesBackIdentically() throws IOException {
        assertThat(HistoryReader.parseLine(DOCUMENTED_LINE, 1)).isEqualTo(DOCUMENTED_EVENT);
        assertThat(HistoryWriter.toLine(DOCUMENTED_EVENT)).isEqualTo(DOCUMENTED_LINE);
    }

    @Test
    void aWrittenHistoryReadsBackEqual(@TempDir Path dir) throws IOException {
        List<HistoryEvent> history = List.of(DOCUMENTED_EVENT,
                new HistoryEvent("c1-1", "eu", TxnType.READ_ONLY, 5, null, TxnOutcome.UNKNOWN, null, List.of(
                        HistoryOp.read("lists/k1", OpValue.NIL),
                        HistoryOp.readList("lists/k2"),
                        HistoryOp.read("regs/r", OpValue.of(42)),
                        HistoryOp.read("regs/s", OpValue.of("s\"q\n")))),
                new HistoryEvent("c1-2", "eu", TxnType.READ_WRITE, 6, 9L, TxnOutcome.DROPPED, null, List.of()),
                new HistoryEvent("c1-3", "eu", TxnType.READ_WRITE, 7, 9L, TxnOutcome.ABORTED, "3",
                        List.of(new HistoryOp(OpFunction.WRITE, "regs/r", OpValue.of(Long.MIN_VALUE)))),
                new HistoryEvent("c1-4", "eu", TxnType.READ_WRITE, 8, 9L, TxnOutcome.REJECTED, null,
                        List.of(HistoryOp.append("lists/k1", Long.MAX_VALUE))));
        Path file = dir.resolve("history.jsonl");

        try (HistoryWriter writer = HistoryWriter.of(Files.newOutputStream(file))) {
            writer.writeAll(history.subList(0, 2));
        }
        try (HistoryWriter writer = HistoryWriter.of(Files.newOutputStream(file,
                java.nio.file.StandardOpenOption.APPEND))) {
            writer.writeAll(history.subList(2, history.size()));
        }

        assertThat(Files.readAllLines(file)).hasSize(history.size());
        assertThat(HistoryReader.read(file)).isEqualTo(history);
    }

    @Test
    void everyLineEndsWithANewline() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (HistoryWriter writer = HistoryWriter.of(bytes)) {
            writer.write(DOCUMENTED_EVENT);
            writer.write(DOCUMENTED_EVENT);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(DOCUMENTED_LINE + "\n" + DOCUMENTED_LINE + "\n");
    }

    @Test
    void absentOptionalFieldsAndBlankLinesAreAccepted() throws IOException {
        String text = "\n{\"id\":\"a\",\"region\":\"eu\",\"type\":\"ro\",\"invoke_us\":1,\"outcome\":\"unknown\","
                + "\"ops\":[{\"f\":\"read\",\"key\":\"k\"}]}\n\n";

        assertThat(HistoryReader.read(new StringReader(text))).containsExactly(new HistoryEvent("a", "eu",
                TxnType.READ_ONLY, 1, null, TxnOutcome.UNKNOWN, null, List.of(HistoryOp.read("k", OpValue.NIL))));
    }

    @Test
    void aLineThatIsNotJsonIsReportedWithItsNumber() {
        String text = DOCUMENTED_LINE + "\n\n{\"id\":\"a\", region}\n";

        assertThatThrownBy(() -> HistoryReader.read(new StringReader(text)))
                .isInstanceOf(MalformedHistoryException.class)
                .hasMessageStartingWith("history line 3: not valid JSON at column 12: ")
                .satisfies(e -> assertThat(((MalformedHistoryException) e).lineNumber()).isEqualTo(3));
    }

    @Test
    void eachKindOfMalformedLineNamesWhatIsWrong() {
        assertMalformed(DOCUMENTED_LINE.replace("\"committed\"", "\"maybe\""), "field \"outcome\": expected one of "
                + "committed, aborted, rejected, dropped, unknown but was \"maybe\"");
        assertMalformed(DOCUMENTED_LINE.replace("\"id\":\"c3-17\",", ""), "field \"id\" must be a string but was missing");
        assertMalformed(DOCUMENTED_LINE.replace("1200340", "\"soon\""),
                "field \"invoke_us\" must be a 64-bit integer but was \"soon\"");
        assertMalformed(DOCUMENTED_LINE.replace("\"value\":17", "\"value\":\"17\""),
                "ops[0]: append needs an integer value but got \"17\"");
        assertMalformed(DOCUMENTED_LINE.replace("[4,9,17]", "[4,9.5,17]"),
                "field \"ops[1].value[1]\" must be a 64-bit integer but was 9.5");
        assertMalformed(DOCUMENTED_LINE.replace("\"f\":\"add\"", "\"f\":\"cas\""),
                "field \"ops[4].f\": expected one of append, read, write, add but was \"cas\"");
        assertMalformed(DOCUMENTED_LINE.replace("\"type\":\"rw\"", "\"type\":\"wo\""),
                "expected \"rw\" or \"ro\" but was \"wo\"");
        assertMalformed("[1,2]", "expected a JSON object but found [1,2]");
        assertMalformed(DOCUMENTED_LINE + " {}", "not valid JSON");
    }

    @Test
    void aWriterToAStringWriterWritesLines() throws IOException {
        StringWriter text = new StringWriter();
        try (HistoryWriter writer = new HistoryWriter(text)) {
            writer.write(DOCUMENTED_EVENT);
        }
        assertThat(text).hasToString(DOCUMENTED_LINE + "\n");
    }

    private static void assertMalformedHeader(String header, String problem) {
        assertThatThrownBy(() -> HistoryReader.readRecorded(new StringReader(header + "\n" + DOCUMENTED_V2_LINE)))
                .isInstanceOf(MalformedHistoryException.class)
                .hasMessageStartingWith("history line 1: ")
                .hasMessageContaining(problem);
    }

    private static void assertMalformed(String line, String problem) {
        assertThatThrownBy(() -> HistoryReader.read(new StringReader(DOCUMENTED_LINE + "\n" + line)))
                .isInstanceOf(MalformedHistoryException.class)
                .hasMessageStartingWith("history line 2: ")
                .hasMessageContaining(problem);
    }
}
