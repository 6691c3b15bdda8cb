package io.catena.simulation.check;

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
 * <h2>The history format</h2>
 *
 * <p>One JSON object per line, one line per transaction, in order of completion (or invocation —
 * the checker must not depend on line order):
 *
 * <pre>{@code
 * {"id":"c3-17","region":"us-central1","type":"rw","invoke_us":1200340,"complete_us":1390001,
 *  "outcome":"committed","version":"12.3",
 *  "ops":[{"f":"append","key":"lists/k3","value":17},
 *         {"f":"read","key":"lists/k3","value":[4,9,17]},
 *         {"f":"write","key":"regs/k1","value":"c3-17"},
 *         {"f":"read","key":"regs/k2","value":null},
 *         {"f":"add","key":"accounts/a1","value":-5}]}
 * }</pre>
 *
 * <ul>
 *   <li>`id` unique string per transaction (the client's request id). `region` the region name
 *       the client used. `type` is "rw" or "ro" (read-only).</li>
 *   <li>`invoke_us`, `complete_us`: microseconds (simulated or real); `complete_us` is null when
 *       the outcome is "unknown".</li>
 *   <li>`outcome`: "committed" | "aborted" (deterministic abort by the transaction's own logic) |
 *       "rejected" (invalid, never ran) | "dropped" (never ran, safe to retry) | "unknown" (the
 *       client gave up waiting: may or may not have committed).</li>
 *   <li>`version`: the commit/snapshot version string or null (informational only; the checker
 *       must NOT use it to infer order — it must be usable by any checker on any system).</li>
 *   <li>`ops` (in program order): `append` (append the integer `value` to the list at `key`;
 *       appended values are unique per key across the whole history), `read` (for list keys
 *       `value` is the whole list as read, `null` or `[]` if absent; for register keys it is the
 *       scalar read or null), `write` (register write of a unique scalar `value`), `add` (add an
 *       integer to a counter/balance; used by bank transfers). A key is a list key if any op
 *       appends to it, else a register key. For ops in non-committed transactions, `read` values
 *       may be absent/null (unobserved).</li>
 * </ul>
 *
 * <p>This writer always writes every field, in the order above, with {@code null} for an absent
 * {@code complete_us}, {@code version} or {@code value}, and ends every line with {@code \n}, so
 * that several writers may append to the same file one after another.
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

    /** Writes {@code event} as one line. */
    public void write(HistoryEvent event) throws IOException {
        generator.writeStartObject();
        generator.writeStringField("id", event.id());
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
