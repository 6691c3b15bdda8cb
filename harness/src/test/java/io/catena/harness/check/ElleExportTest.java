package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ElleExportTest {

    private static final HistoryHeader LISTS = new HistoryHeader("list-append", List.of("eu", "us"), true,
            Map.of("lists", KeyKind.LIST), List.of(), null);

    /**
     * Session 1 appends and reads, then fails; session 2 reads what 1 appended, then loses track of
     * a transaction and starts another while it is open; session 3 is rejected.
     */
    private static final List<HistoryEvent> RECORDED = List.of(
            txn("c1-1", 1, 100, 200L, TxnOutcome.COMMITTED, HistoryOp.append("lists/k1", 11),
                    HistoryOp.readList("lists/k1", 11L)),
            txn("c2-1", 2, 150, 300L, TxnOutcome.COMMITTED, HistoryOp.readList("lists/k1", 11L),
                    HistoryOp.read("lists/k2", OpValue.NIL)),
            txn("c1-2", 1, 200, 250L, TxnOutcome.ABORTED, HistoryOp.append("lists/k2", 12),
                    HistoryOp.read("lists/k1", OpValue.NIL)),
            txn("c2-2", 2, 310, null, TxnOutcome.UNKNOWN, HistoryOp.append("lists/k2", 21)),
            txn("c2-3", 2, 320, 400L, TxnOutcome.COMMITTED, HistoryOp.readList("lists/k2")),
            txn("c3-1", 3, 330, 340L, TxnOutcome.REJECTED, HistoryOp.append("lists/k3", 31)));

    @Test
    void everyTransactionIsAnInvocationAndACompletionOfItsSessionInTimeOrder() throws IOException {
        JsonNode ops = export(new RecordedHistory(LISTS, RECORDED));

        assertThat(ops.isArray()).isTrue();
        assertThat(ops).hasSize(2 * RECORDED.size());
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            JsonNode op = ops.get(i);
            assertThat(op.get("index").asInt()).isEqualTo(i);
            assertThat(op.get("f").asText()).isEqualTo("txn");
            lines.add(op.get("type").asText() + " p" + op.get("process").asLong() + " " + op.get("value"));
        }
        assertThat(lines).containsExactly(
                "invoke p1 [[\"append\",\"lists/k1\",11],[\"r\",\"lists/k1\",null]]",
                "invoke p2 [[\"r\",\"lists/k1\",null],[\"r\",\"lists/k2\",null]]",
                "ok p1 [[\"append\",\"lists/k1\",11],[\"r\",\"lists/k1\",[11]]]",
                "invoke p1 [[\"append\",\"lists/k2\",12],[\"r\",\"lists/k1\",null]]",
                "fail p1 [[\"append\",\"lists/k2\",12],[\"r\",\"lists/k1\",null]]",
                "ok p2 [[\"r\",\"lists/k1\",[11]],[\"r\",\"lists/k2\",[]]]",
                "invoke p2 [[\"append\",\"lists/k2\",21]]",
                "invoke p4 [[\"r\",\"lists/k2\",null]]",
                "invoke p3 [[\"append\",\"lists/k3\",31]]",
                "fail p3 [[\"append\",\"lists/k3\",31]]",
                "ok p4 [[\"r\",\"lists/k2\",[]]]",
                "info p2 [[\"append\",\"lists/k2\",21]]");
        assertThat(ops.get(0).get("time").asLong()).isEqualTo(100_000);
    }

    @Test
    void theArrayHoldsOneOperationALine() throws IOException {
        StringWriter out = new StringWriter();
        ElleExport.write(new RecordedHistory(LISTS, RECORDED.subList(0, 1)), out);

        assertThat(out.toString()).isEqualTo("[{\"index\":0,\"type\":\"invoke\",\"f\":\"txn\",\"process\":1,"
                + "\"time\":100000,\"value\":[[\"append\",\"lists/k1\",11],[\"r\",\"lists/k1\",null]]},\n"
                + " {\"index\":1,\"type\":\"ok\",\"f\":\"txn\",\"process\":1,"
                + "\"time\":200000,\"value\":[[\"append\",\"lists/k1\",11],[\"r\",\"lists/k1\",[11]]]}]\n");
    }

    @Test
    void noProcessEverHasTwoOperationsOpenOrGoesOnAfterAnInfo() throws IOException {
        JsonNode ops = export(new RecordedHistory(LISTS, RECORDED));

        Map<Long, String> last = new HashMap<>();
        for (JsonNode op : ops) {
            long process = op.get("process").asLong();
            String previous = last.get(process);
            if (op.get("type").asText().equals("invoke")) {
                assertThat(previous).as("process %d before an invocation", process).isIn(null, "ok", "fail");
            } else {
                assertThat(previous).as("process %d before a completion", process).isEqualTo("invoke");
            }
            last.put(process, op.get("type").asText());
        }
    }

    @Test
    void transactionsWithoutASessionEachHaveAProcessOfTheirOwn() throws IOException {
        List<HistoryEvent> v1 = List.of(
                new HistoryEvent("a", "eu", TxnType.READ_WRITE, 1, 2L, TxnOutcome.COMMITTED, null,
                        List.of(HistoryOp.append("lists/k1", 1))),
                new HistoryEvent("b", "eu", TxnType.READ_WRITE, 3, 4L, TxnOutcome.COMMITTED, null,
                        List.of(HistoryOp.append("lists/k1", 2))));

        JsonNode ops = export(new RecordedHistory(null, v1));

        assertThat(ops.findValues("process")).extracting(JsonNode::asLong).containsExactly(0L, 0L, 1L, 1L);
    }

    @Test
    void aHistoryThatIsNotListAppendIsRefusedInOneSentence() {
        HistoryEvent transfer = txn("c1-1", 1, 1, 2L, TxnOutcome.COMMITTED, HistoryOp.add("accounts/a1", 5));
        HistoryEvent register = txn("c1-2", 1, 3, 4L, TxnOutcome.COMMITTED, HistoryOp.read("kv/r1", OpValue.of("x")));
        HistoryEvent read = txn("c1-3", 1, 5, 6L, TxnOutcome.COMMITTED, HistoryOp.read("kv/r1", OpValue.NIL));
        HistoryHeader kv = new HistoryHeader("kv", List.of("eu"), true, Map.of("kv", KeyKind.REGISTER), List.of(), null);

        assertThatThrownBy(() -> export(new RecordedHistory(null, List.of(transfer))))
                .hasMessage("Elle's list-append checker reads only appends and reads of lists, but c1-1 does add on"
                        + " accounts/a1");
        assertThatThrownBy(() -> export(new RecordedHistory(null, List.of(register))))
                .hasMessage("Elle's list-append checker reads only appends and reads of lists, but c1-2 read kv/r1"
                        + " as \"x\", which is no list");
        assertThatThrownBy(() -> export(new RecordedHistory(kv, List.of(read))))
                .hasMessage("Elle's list-append checker reads only appends and reads of lists, but the header"
                        + " declares the keys of kv registers");
    }

    private static JsonNode export(RecordedHistory history) throws IOException {
        StringWriter out = new StringWriter();
        ElleExport.write(history, out);
        return new ObjectMapper().readTree(out.toString());
    }

    private static HistoryEvent txn(String id, long session, long invokeMicros, Long completeMicros,
                                    TxnOutcome outcome, HistoryOp... ops) {
        boolean readOnly = List.of(ops).stream().allMatch(op -> op.f() == OpFunction.READ);
        return new HistoryEvent(id, session, "eu", readOnly ? TxnType.READ_ONLY : TxnType.READ_WRITE, invokeMicros,
                completeMicros, outcome, null, List.of(ops));
    }
}
