package io.catena.harness.check;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a list-append history as the JSON that elle-cli reads ({@code elle-cli --model list-append
 * --consistency-models serializable FILE.json}): one array of operations, one per line, each
 * transaction an {@code invoke} and a completion with {@code "f":"txn"} and micro-operations
 * {@code ["append",key,value]} and {@code ["r",key,list]}.
 *
 * <p>A committed transaction completes {@code ok} with what it read (an absent list as {@code []}),
 * an aborted, rejected or dropped one {@code fail} and an unknown one {@code info}, both with the
 * reads left null as in the invocation. Operations are ordered by time ({@code time} is in
 * nanoseconds): every {@code info} comes last, since nobody knows when such a transaction ended,
 * and at one microsecond a completion precedes an invocation. Keys are the history's strings.
 *
 * <p>The {@code process} is the transaction's session, as long as the session runs one transaction
 * at a time, which Elle requires of a process ({@link ElleProcesses}).
 *
 * <p>Stateless; thread-safe.
 */
public final class ElleExport {

    private static final JsonFactory JSON = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private ElleExport() {
    }

    /**
     * Writes {@code history} to {@code out}; does not close it.
     *
     * @throws IllegalArgumentException in one sentence if the history is not a list-append history
     */
    public static void write(RecordedHistory history, Writer out) throws IOException {
        requireListAppend(history);
        List<HistoryEvent> byInvocation = new ArrayList<>(history.events());
        byInvocation.sort(Comparator.comparingLong(HistoryEvent::invokeMicros).thenComparing(HistoryEvent::id));
        long[] processes = ElleProcesses.assign(byInvocation);
        List<Step> steps = new ArrayList<>();
        long lastMicros = Long.MIN_VALUE;
        for (int txn = 0; txn < byInvocation.size(); txn++) {
            HistoryEvent event = byInvocation.get(txn);
            steps.add(new Step(event.invokeMicros(), 1, txn, false));
            if (event.completeMicros() != null) {
                long completeMicros = Math.max(event.completeMicros(), event.invokeMicros());
                steps.add(new Step(completeMicros, completeMicros > event.invokeMicros() ? 0 : 2, txn, true));
                lastMicros = Math.max(lastMicros, completeMicros);
            }
            lastMicros = Math.max(lastMicros, event.invokeMicros());
        }
        for (int txn = 0; txn < byInvocation.size(); txn++) {
            if (byInvocation.get(txn).completeMicros() == null) {
                steps.add(new Step(lastMicros, 3, txn, true));
            }
        }
        steps.sort(Comparator.comparingLong(Step::micros).thenComparingInt(Step::phase).thenComparingInt(Step::txn));
        writeSteps(steps, byInvocation, processes, out);
    }

    /**
     * One line of the export.
     *
     * @param phase at one time: 0 completions of earlier invocations, 1 invocations, 2 completions
     *              of invocations at that time, 3 unknown outcomes at the end
     */
    private record Step(long micros, int phase, int txn, boolean completion) {
    }

    private static void writeSteps(List<Step> steps, List<HistoryEvent> events, long[] processes, Writer out)
            throws IOException {
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.setRootValueSeparator(null);
            json.writeRaw('[');
            for (int index = 0; index < steps.size(); index++) {
                Step step = steps.get(index);
                HistoryEvent event = events.get(step.txn());
                String type = !step.completion() ? "invoke" : event.committed() ? "ok"
                        : event.outcome().neverCommitted() ? "fail" : "info";
                json.writeRaw(index == 0 ? "" : ",\n ");
                json.writeStartObject();
                json.writeNumberField("index", index);
                json.writeStringField("type", type);
                json.writeStringField("f", "txn");
                json.writeNumberField("process", processes[step.txn()]);
                json.writeNumberField("time", step.micros() * 1_000);
                json.writeFieldName("value");
                writeMicroOps(event, type.equals("ok"), json);
                json.writeEndObject();
            }
            json.writeRaw("]\n");
        }
    }

    private static void writeMicroOps(HistoryEvent event, boolean observed, JsonGenerator json) throws IOException {
        json.writeStartArray();
        for (HistoryOp op : event.ops()) {
            json.writeStartArray();
            json.writeString(op.f() == OpFunction.APPEND ? "append" : "r");
            json.writeString(op.key());
            if (op.f() == OpFunction.APPEND) {
                json.writeNumber(((OpValue.Int) op.value()).value());
            } else if (observed) {
                json.writeStartArray();
                if (op.value() instanceof OpValue.IntList list) {
                    for (long element : list.values()) {
                        json.writeNumber(element);
                    }
                }
                json.writeEndArray();
            } else {
                json.writeNull();
            }
            json.writeEndArray();
        }
        json.writeEndArray();
    }

    /**
     * Refuses a history that is not list-append.
     *
     * @throws IllegalArgumentException in one sentence naming the first op that is not an append or
     *     a read of a list, or the first key the header declares another kind
     */
    public static void requireListAppend(RecordedHistory history) {
        for (HistoryEvent event : history.events()) {
            for (HistoryOp op : event.ops()) {
                String problem = null;
                KeyKind declared = history.header() == null ? null : history.header().kindOf(op.key());
                if (op.f() != OpFunction.APPEND && op.f() != OpFunction.READ) {
                    problem = event.id() + " does " + op.f().wireName() + " on " + op.key();
                } else if (op.f() == OpFunction.READ && !(op.value() instanceof OpValue.IntList
                        || op.value() instanceof OpValue.Nil)) {
                    problem = event.id() + " read " + op.key() + " as " + op.value() + ", which is no list";
                } else if (declared != null && declared != KeyKind.LIST) {
                    problem = "the header declares the keys of " + op.key().substring(0, op.key().indexOf('/'))
                            + " " + declared.wireName() + "s";
                }
                if (problem != null) {
                    throw new IllegalArgumentException("Elle's list-append checker reads only appends and reads of"
                            + " lists, but " + problem);
                }
            }
        }
    }
}
