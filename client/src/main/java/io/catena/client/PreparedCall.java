package io.catena.client;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.txn.TxnSpec;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * A call of a procedure registered in every region, with named arguments: like a JDBC
 * {@code PreparedStatement}, set the arguments, execute, change some, execute again. Each
 * execution sends the arguments as they are at that moment, as a new request.
 *
 * <pre>{@code
 * PreparedCall transfer = connection.prepare("transfer", 1);
 * TxnOutcome t = transfer.set("from", "alice").set("to", "bob").set("amount", 10L).execute();
 * long left = t.outputs().getLong("fromBalance");
 * }</pre>
 *
 * <p>Whether the procedure exists and accepts the arguments is the coordinators' decision: an
 * unknown name or version, or arguments it refuses, fail the execution with
 * {@link InvalidTransactionException}. Not thread-safe: use a call on one thread at a time.
 */
public final class PreparedCall {

    private final Requests requests;
    private final String procedure;
    private final int version;
    private final Map<String, Datum> args = new TreeMap<>();

    PreparedCall(Requests requests, String procedure, int version) {
        if (procedure == null || procedure.isEmpty()) {
            throw InvalidTransactionException.invalid("the procedure name is " + (procedure == null ? "null" : "empty"));
        }
        this.requests = requests;
        this.procedure = procedure;
        this.version = version;
    }

    /**
     * Sets an integer argument.
     *
     * @param name  the argument's name
     * @param value its value
     * @return this call
     */
    public PreparedCall set(String name, long value) {
        return put(name, Datum.of(value));
    }

    /**
     * Sets a text argument.
     *
     * @param name  the argument's name
     * @param value its value, not null
     * @return this call
     */
    public PreparedCall set(String name, String value) {
        return put(name, Values.toDatum(value, "argument '" + name + "' of " + procedure));
    }

    /**
     * Sets a list argument of integers, text or nested lists.
     *
     * @param name   the argument's name
     * @param values its elements, none null
     * @return this call
     */
    public PreparedCall set(String name, List<?> values) {
        return put(name, Values.toDatum(values, "argument '" + name + "' of " + procedure));
    }

    /**
     * Sets an argument given as a core {@link Datum}.
     *
     * @param name  the argument's name
     * @param value its value, not null
     * @return this call
     */
    public PreparedCall set(String name, Datum value) {
        return put(name, Values.toDatum(value, "argument '" + name + "' of " + procedure));
    }

    /**
     * Forgets every argument set so far.
     *
     * @return this call
     */
    public PreparedCall clear() {
        args.clear();
        return this;
    }

    /** The procedure's name. */
    public String procedure() {
        return procedure;
    }

    /** The procedure's version. */
    public int version() {
        return version;
    }

    /** The arguments as they are now, as the row that will be sent. */
    public Row arguments() {
        return Row.of(args);
    }

    /**
     * Runs the procedure with the current arguments and waits for the outcome, at most the
     * URL's {@code timeout}.
     *
     * @return the committed outcome; the procedure's results are in {@link TxnOutcome#outputs()}
     * @throws TransactionAbortedException if the procedure aborted
     * @throws InvalidTransactionException if the coordinators rejected the call
     * @throws OutcomeUnknownException     if no answer came in time
     * @throws UnavailableException        if it could not run now
     * @throws ConnectionClosedException   if the connection is closed
     */
    public TxnOutcome execute() {
        return Await.result(executeAsync());
    }

    /**
     * Runs the procedure without waiting; the future fails with the exceptions {@link #execute()}
     * throws, not wrapped.
     *
     * @return the committed outcome, when it is known
     */
    public CompletableFuture<TxnOutcome> executeAsync() {
        return requests.run(new TxnSpec.ProcedureCall(procedure, version, arguments()));
    }

    private PreparedCall put(String name, Datum value) {
        if (name == null || name.isEmpty()) {
            throw InvalidTransactionException.invalid("an argument name of " + procedure + " is "
                    + (name == null ? "null" : "empty"));
        }
        args.put(name, value);
        return this;
    }
}
