package io.catena.harness.check;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Writes a client-observed transaction history as JSON Lines.
 *
 * <h2>The history format, version 2</h2>
 *
 * <p>The first line describes the run (a {@link HistoryHeader}); then one JSON object per line, one
 * line per transaction, in order of completion (or invocation — the checker must not depend on line
 * order):
 *
 * <pre>{@code
 * {"format":2,"workload":"bank:accounts=200","regions":["us-central1","europe-west1","asia-east1"],
 *  "comparable_clocks":true,"tables":{"accounts":"counter"},
 *  "initial":[{"keys":"accounts/a{i}","from":0,"to":199,"value":1000}],
 *  "bank":{"table":"accounts","total":200000}}
 * {"id":"c3-17","session":3,"region":"us-central1","type":"rw","invoke_us":1200340,"complete_us":1390001,
 *  "outcome":"committed","version":"12.3",
 *  "ops":[{"f":"append","key":"lists/k3","value":17},
 *         {"f":"read","key":"lists/k3","value":[4,9,17]},
 *         {"f":"write","key":"regs/k1","value":"c3-17"},
 *         {"f":"read","key":"regs/k2","value":null},
 *         {"f":"add","key":"accounts/a1","value":-5}]}
 * }</pre>
 *
 * <p>The header:
 * <ul>
 *   <li>`format`: 2. A line with this field is a header, and only the first line may be one.</li>
 *   <li>`workload`: the workload as named on the command line (`NAME:key=value,...`).
 *       `regions`: the regions' names, in region order.</li>
 *   <li>`comparable_clocks`: true if every session's times come from one clock (the simulator's,
 *       or one driver process's), so that a time of one session may be compared with another's.</li>
 *   <li>`tables`: table name to the kind of its keys, "list", "register" or "counter". A key is
 *       {@code table/...}; its table's kind says which checker judges it. A key of a table the
 *       header does not name is classified as in format 1.</li>
 *   <li>`initial`: what keys held before the first transaction. Each rule names the keys its
 *       template `keys` gives for every {@code i} from `from` to `to`, both included ({@code {i}}
 *       stands for {@code i}, {@code {i%N}} for {@code i} modulo {@code N}), all holding `value`, an
 *       integer or a string ({@link InitialValues}). A key no rule names held nothing: it reads as
 *       null, a list as empty.</li>
 *   <li>`bank`: null, or the `table` whose balances transfers move and their `total`: every key
 *       of that table an initial rule names is an account, and every read of all accounts in one
 *       transaction must add up to `total`.</li>
 * </ul>
 *
 * <p>A transaction:
 * <ul>
 *   <li>`id` unique string per transaction (the client's request id). `session` the client session
 *       that ran it, an integer: a session runs one transaction at a time, in its own order.
 *       `region` the region name the client used. `type` is "rw" or "ro" (read-only).</li>
 *   <li>`invoke_us`, `complete_us`: microseconds (simulated or real) on the session's clock;
 *       `complete_us` is null when the outcome is "unknown".</li>
 *   <li>`outcome`: "committed" | "aborted" (deterministic abort by the transaction's own logic) |
 *       "rejected" (invalid, never ran) | "dropped" (never ran, safe to retry) | "unknown" (the
 *       client gave up waiting: may or may not have committed).</li>
 *   <li>`version`: the commit/snapshot version string or null (informational only; the checker
 *       must NOT use it to infer order — it must be usable by any checker on any system).</li>
 *   <li>`ops` (in program order): `append` (append the integer `value` to the list at `key`;
 *       appended values are unique per key across the whole history), `read` (for list keys
 *       `value` is the whole list as read, `null` or `[]` if absent; for register and counter keys
 *       it is the scalar read or null), `write` (register write of a unique scalar `value`), `add`
 *       (add an integer to a counter/balance; used by bank transfers). For ops in non-committed
 *       transactions, `read` values may be absent/null (unobserved), except that an aborted
 *       transaction records the value its failed check compared (a guard read: the value a check
 *       compared is a `read` just before the op it guards). A reader refuses an `f` it
 *       does not know: a writer that records another kind of op writes a higher format.</li>
 * </ul>
 *
 * <h2>Version 1</h2>
 *
 * <p>A file of format 1 has no header and no `session`; its keys are classified by their ops (a
 * key is a list key if any op appends to it or a read returned a list, else a counter key if any
 * op adds to it, else a register key), and nothing is known of their initial values. Readers still
 * read it; {@link #write} without {@link #writeHeader} writes it, for an event without a session.
 *
 * <p>This writer always writes every field, in the order above, with {@code null} for an absent
 * {@code complete_us}, {@code version} or {@code value} (and leaves out an absent `session`, which
 * only format 1 allows), and ends every line with {@code \n}, so that several writers may append to
 * the same file one after another.
 *
 * <p>Not thread-safe: one writer belongs to one thread. Lines are buffered until {@link #flush()}
 * or {@link #close()}; closing this writer closes the target.
 */
public final class HistoryWriter implements Flushable, Closeable {

    private static final JsonFactory JSON = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private final Writer out;
    private final JsonGenerator generator;
    private boolean written;
    private boolean headed;

    /** Writes lines to {@code out}. */
    public HistoryWriter(Writer out) throws IOException {
        this.out = out;
        this.generator = JSON.createGenerator(out);
        this.generator.setRootValueSeparator(null);
    }

    /** Writes UTF-8 lines to {@code out}, buffered. */
    public static HistoryWriter of(OutputStream out) throws IOException {
        return new HistoryWriter(new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8)));
    }

    /** The line for {@code event}, without its trailing newline. */
    public static String toLine(HistoryEvent event) {
        StringWriter line = new StringWriter();
        try (HistoryWriter writer = new HistoryWriter(line)) {
            writer.write(event);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter does not fail", e);
        }
        return line.toString().stripTrailing();
    }

    /**
     * Writes {@code header} as the first line, which makes the history one of format 2.
     *
     * @throws IllegalStateException if a line was written before
     */
    public void writeHeader(HistoryHeader header) throws IOException {
        if (written) {
            throw new IllegalStateException("a history's header must be its first line, but lines were written before it");
        }
        HeaderLine.write(header, generator);
        generator.writeRaw('\n');
        written = true;
        headed = true;
    }

    /**
     * Writes {@code event} as one line.
     *
     * @throws IllegalArgumentException if this history has a header and {@code event} no session
     */
    public void write(HistoryEvent event) throws IOException {
        if (headed && event.session() == null) {
            throw new IllegalArgumentException("a history with a header names every transaction's session, but "
                    + event.id() + " has none");
        }
        written = true;
        generator.writeStartObject();
        generator.writeStringField("id", event.id());
        if (event.session() != null) {
            generator.writeNumberField("session", event.session());
        }
        generator.writeStringField("region", event.region());
        generator.writeStringField("type", event.type().wireName());
        generator.writeNumberField("invoke_us", event.invokeMicros());
        generator.writeFieldName("complete_us");
        if (event.completeMicros() == null) {
            generator.writeNull();
        } else {
            generator.writeNumber(event.completeMicros());
        }
        generator.writeStringField("outcome", event.outcome().wireName());
        generator.writeStringField("version", event.version());
        generator.writeArrayFieldStart("ops");
        for (HistoryOp op : event.ops()) {
            writeOp(op);
        }
        generator.writeEndArray();
        generator.writeEndObject();
        generator.writeRaw('\n');
    }

    /** Writes every event of {@code events}, one line each, in iteration order. */
    public void writeAll(Iterable<HistoryEvent> events) throws IOException {
        for (HistoryEvent event : events) {
            write(event);
        }
    }

    private void writeOp(HistoryOp op) throws IOException {
        generator.writeStartObject();
        generator.writeStringField("f", op.f().wireName());
        generator.writeStringField("key", op.key());
        generator.writeFieldName("value");
        writeValue(op.value());
        generator.writeEndObject();
    }

    private void writeValue(OpValue value) throws IOException {
        if (value instanceof OpValue.Int i) {
            generator.writeNumber(i.value());
        } else if (value instanceof OpValue.Text t) {
            generator.writeString(t.value());
        } else if (value instanceof OpValue.IntList list) {
            generator.writeStartArray();
            for (long element : list.values()) {
                generator.writeNumber(element);
            }
            generator.writeEndArray();
        } else {
            generator.writeNull();
        }
    }

    /** Flushes buffered lines to the target. */
    @Override
    public void flush() throws IOException {
        generator.flush();
    }

    /** Flushes and closes the target. */
    @Override
    public void close() throws IOException {
        generator.close();
        out.close();
    }
}
