package site.ycsb.db.catena;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.HistoryWriter;
import io.catena.harness.check.OpValue;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * What one client thread's transactions read and wrote, appended to the file of
 * {@code catena.history} in the history format the simulator and the lab record (format 1, see
 * {@link HistoryWriter}), so that {@code catena check} or the harness's checker can judge a YCSB run.
 * Each field is a register ({@code table/record/field}); a YCSB operation outside a transaction is a
 * transaction of its own. Deletes are not recorded (the register model has none, and no shipped
 * workload deletes). Every process appending to one file writes whole lines, one after another, so
 * a load and a run phase can share a file.
 *
 * <p>One instance per client thread; the file's writer is shared by the process's threads.
 */
class HistoryRecording {

    static final String PROPERTY = "catena.history";
    /** Records nothing: the run keeps no history. */
    static final HistoryRecording NONE = new HistoryRecording();

    private static final Map<Path, HistoryWriter> WRITERS = new HashMap<>();
    /** Tells this process's transactions from other processes' appending to the same file. */
    private static final String PROCESS = Long.toHexString(new SecureRandom().nextLong() >>> 1);
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private final HistoryWriter writer;
    private final String region;
    private final List<HistoryOp> ops = new ArrayList<>();
    private boolean writes;
    private long invokeMicros;

    private HistoryRecording() {
        this.writer = null;
        this.region = null;
    }

    private HistoryRecording(HistoryWriter writer, String region) {
        this.writer = writer;
        this.region = region;
    }

    /** The recording of {@code file} for a client of {@code region}. */
    static HistoryRecording to(Path file, String region) throws IOException {
        synchronized (WRITERS) {
            HistoryWriter w = WRITERS.get(file);
            if (w == null) {
                w = HistoryWriter.of(Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND));
                WRITERS.put(file, w);
            }
            return new HistoryRecording(w, region);
        }
    }

    /** A transaction begins: the operations up to {@link #end} are its. */
    void start() {
        if (writer == null) {
            return;
        }
        ops.clear();
        writes = false;
        invokeMicros = nowMicros();
    }

    /** A read answered {@code status}, with {@code result} as the values it found. */
    void read(String table, String key, Set<String> fields, Map<String, ByteIterator> result, Status status) {
        if (writer == null || !(status.isOk() || status == Status.NOT_FOUND)) {
            return;
        }
        for (String field : fields == null ? result.keySet() : fields) {
            ByteIterator value = result.get(field);
            ops.add(HistoryOp.read(register(table, key, field), value == null ? OpValue.NIL : OpValue.of(value.toString())));
        }
    }

    void write(String table, String key, Map<String, String> columns) {
        if (writer != null) {
            columns.forEach((field, value) -> ops.add(HistoryOp.write(register(table, key, field), value)));
            writes |= !columns.isEmpty();
        }
    }

    /** The transaction ended with {@code status}: committed if OK, else as the status says. */
    void end(Status status) {
        append(outcome(status));
    }

    /** The transaction was rolled back. */
    void aborted() {
        append(TxnOutcome.ABORTED);
    }

    private void append(TxnOutcome outcome) {
        if (writer == null) {
            return;
        }
        HistoryEvent event = new HistoryEvent(PROCESS + "-" + SEQUENCE.incrementAndGet(), region,
                writes ? TxnType.READ_WRITE : TxnType.READ_ONLY, invokeMicros,
                outcome == TxnOutcome.UNKNOWN ? null : nowMicros(), outcome, null, ops);
        synchronized (writer) {
            try {
                writer.write(event);
                writer.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("could not append to the history file", e);
            }
        }
    }

    private static TxnOutcome outcome(Status status) {
        if (status.isOk() || status == Status.NOT_FOUND) {
            return TxnOutcome.COMMITTED;
        }
        if (status == CatenaStatus.CONFLICT || status == Status.UNEXPECTED_STATE) {
            return TxnOutcome.ABORTED;
        }
        if (status == Status.SERVICE_UNAVAILABLE) {
            return TxnOutcome.DROPPED;
        }
        return status == Status.BAD_REQUEST ? TxnOutcome.REJECTED : TxnOutcome.UNKNOWN;
    }

    private static String register(String table, String key, String field) {
        return table + "/" + key + "/" + field;
    }

    private static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }
}
