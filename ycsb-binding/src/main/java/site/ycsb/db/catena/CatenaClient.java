package site.ycsb.db.catena;

import io.catena.client.Catena;
import io.catena.client.CatenaException;
import io.catena.client.Connection;
import io.catena.client.OperationList;
import io.catena.client.ResultRow;
import io.catena.client.Retry;
import io.catena.client.Transaction;
import io.catena.core.data.RowKey;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * YCSB's view of Catena. A YCSB table is a Catena table; a record key is a partition holding one
 * row (empty clustering key); a field is a text column of that row. {@code read} is a snapshot
 * read of the client's region; {@code insert}, {@code update} and {@code delete} are single-key
 * transactions; {@code scan} across partitions is not supported.
 *
 * <p>Inside a YCSB+T transaction ({@link CatenaTransactions#start()} on the client thread) the
 * same calls go to the thread's open interactive {@link Transaction} instead: reads from its
 * snapshot, writes buffered until {@link CatenaTransactions#commit()}. With {@code catena.history}
 * set, every transaction is also recorded for the history checker ({@link HistoryRecording}).
 *
 * <p>One instance per YCSB client thread, used by that thread only.
 */
public class CatenaClient extends DB {

    private static final AtomicBoolean SCAN_EXPLAINED = new AtomicBoolean();

    private Connection connection;
    private Retry retry;
    private int retries;
    /** The open YCSB+T transaction of this thread, or null. */
    private Transaction open;
    /** Why the open transaction can no longer commit (it was rolled back), or null while it can. */
    private Status failure;
    private HistoryRecording history = HistoryRecording.NONE;

    @Override
    public void init() throws DBException {
        CatenaSettings settings = settings(getProperties());
        retries = settings.retries();
        retry = Retry.builder().maxAttempts(retries + 1).build();
        try {
            connection = Catena.connect(settings.url());
        } catch (CatenaException e) {
            throw refused("Could not connect to " + settings.where() + ": " + e.getMessage());
        }
        String historyFile = getProperties().getProperty(HistoryRecording.PROPERTY);
        if (historyFile != null) {
            try {
                history = HistoryRecording.to(Path.of(historyFile), settings.url().region());
            } catch (IOException | InvalidPathException e) {
                throw refused("The " + HistoryRecording.PROPERTY + " '" + historyFile + "' cannot be appended to ("
                        + e.getMessage() + ").");
            }
        }
        CatenaTransactions.register(this);
    }

    /** The binding's settings from YCSB's properties, each bad one refused in one sentence on stderr too. */
    private static CatenaSettings settings(Properties p) throws DBException {
        try {
            CatenaTables.check(p);
            return CatenaSettings.from(p);
        } catch (DBException e) {
            throw refused(e.getMessage());
        }
    }

    /** YCSB prints an init failure as a stack trace only: say the sentence alone first. */
    private static DBException refused(String sentence) {
        System.err.println("[CATENA] " + sentence);
        return new DBException(sentence);
    }

    @Override
    public void cleanup() {
        CatenaTransactions.unregister(this);
        if (open != null) {
            open.close();
            open = null;
        }
        if (connection != null) {
            connection.close();
        }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        RowKey row = RowKey.of(table, key);
        return recorded(() -> read(row, fields, result), s -> history.read(table, key, fields, result, s));
    }

    private Status read(RowKey row, Set<String> fields, Map<String, ByteIterator> result) {
        return run(() -> retry.call(() -> connection.read(row).row(row)), tx -> tx.get(row), found -> {
            if (found.isEmpty()) {
                return Status.NOT_FOUND;
            }
            ResultRow r = found.get();
            for (String column : fields == null ? r.columns() : fields) {
                if (r.has(column)) {
                    result.put(column, new StringByteIterator(String.valueOf(r.get(column))));
                }
            }
            return Status.OK;
        });
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
        if (SCAN_EXPLAINED.compareAndSet(false, true)) {
            System.err.println("[CATENA] scan is not implemented: each YCSB record is a partition of its own, and "
                    + "Catena reads a range of rows only within one partition, not across partitions.");
        }
        return Status.NOT_IMPLEMENTED;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        RowKey row = RowKey.of(table, key);
        Map<String, String> columns = text(values);
        return recorded(() -> write(ops -> columns.forEach((column, value) -> ops.set(row, column, value)),
                tx -> columns.forEach((column, value) -> tx.set(row, column, value))),
                s -> history.write(table, key, columns));
    }

    /** Inserts the record; if it exists already the insert aborts, reported as {@code UNEXPECTED_STATE}. */
    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        RowKey row = RowKey.of(table, key);
        Map<String, String> columns = text(values);
        return recorded(() -> write(ops -> ops.insert(row, columns), tx -> tx.insert(row, columns)),
                s -> history.write(table, key, columns));
    }

    @Override
    public Status delete(String table, String key) {
        RowKey row = RowKey.of(table, key);
        return write(ops -> ops.delete(row), tx -> tx.delete(row));
    }

    /** Runs an operation and records it: as a transaction of its own if none is open. */
    private Status recorded(Supplier<Status> operation, Consumer<Status> record) {
        boolean alone = open == null;
        if (alone) {
            history.start();
        }
        Status s = operation.get();
        record.accept(s);
        if (alone) {
            history.end(s);
        }
        return s;
    }

    private Status write(Consumer<OperationList> alone, Consumer<Transaction> inTransaction) {
        return run(() -> retry.commit(connection, () -> {
            OperationList ops = connection.transaction();
            alone.accept(ops);
            return ops.commit();
        }), tx -> {
            inTransaction.accept(tx);
            return null;
        }, done -> Status.OK);
    }

    /**
     * Runs an operation on its own ({@code alone}) or inside the thread's open transaction, and
     * turns its answer or failure into a status. A failure inside a transaction rolls it back: the
     * rest of the transaction is refused with the same status, and so is its commit.
     */
    private <T> Status run(Supplier<T> alone, Function<Transaction, T> inTransaction,
                           Function<T, Status> answer) {
        if (open == null) {
            try {
                return answer.apply(alone.get());
            } catch (CatenaException e) {
                return CatenaStatus.of(e);
            }
        }
        if (failure != null) {
            return failure;
        }
        try {
            return answer.apply(inTransaction.apply(open));
        } catch (CatenaException e) {
            failure = CatenaStatus.of(e);
            open.close();
            return failure;
        }
    }

    private static Map<String, String> text(Map<String, ByteIterator> values) {
        Map<String, String> columns = new LinkedHashMap<>();
        values.forEach((field, value) -> columns.put(field, value.toString()));
        return columns;
    }

    // --- YCSB+T, called through CatenaTransactions on this client's thread ---

    /** How many more times a transaction that lost a conflict is run (the {@code catena.retries} property). */
    int retries() {
        return retries;
    }

    Status begin() {
        if (open != null) {
            return Status.UNEXPECTED_STATE;
        }
        try {
            open = connection.begin();
            failure = null;
            history.start();
            return Status.OK;
        } catch (CatenaException e) {
            return CatenaStatus.of(e);
        }
    }

    Status commit() {
        if (open == null) {
            return Status.UNEXPECTED_STATE;
        }
        Transaction tx = open;
        open = null;
        Status outcome = failure;
        if (outcome == null) {
            try {
                tx.commit();
                outcome = Status.OK;
            } catch (CatenaException e) {
                outcome = CatenaStatus.of(e);
            }
        }
        history.end(outcome);
        return outcome;
    }

    Status abort() {
        if (open == null) {
            return Status.UNEXPECTED_STATE;
        }
        open.close();
        open = null;
        history.aborted();
        return Status.OK;
    }

    /**
     * How a count of every row waits out the transactions still running, in other YCSB processes
     * too: on a baseline a read of many rows loses to any concurrent write of one of them (OCC
     * validates it), so it tries for about two minutes rather than {@code catena.retries} times.
     */
    private static final Retry PATIENT = Retry.builder().maxAttempts(60).build();

    /**
     * One snapshot of {@code column} in each of {@code keys}' rows, for a workload's end-of-run
     * check; an absent row or column is missing from the answer.
     */
    Map<String, String> snapshot(String table, List<String> keys, String column) {
        RowKey[] rows = keys.stream().map(k -> RowKey.of(table, k)).toArray(RowKey[]::new);
        var result = PATIENT.call(() -> connection.read(rows));
        Map<String, String> values = new LinkedHashMap<>();
        for (RowKey row : rows) {
            Optional<ResultRow> r = result.row(row);
            if (r.isPresent() && r.get().has(column)) {
                values.put(row.chainKey().partition(), String.valueOf(r.get().get(column)));
            }
        }
        return values;
    }
}
