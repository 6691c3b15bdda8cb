package io.catena.client;

import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import java.util.Optional;
import java.util.Set;

/**
 * A committed read-write transaction or procedure call: where it sits in the serialization order,
 * what it read, and what a procedure returned. Every region computes the same outcome. Immutable.
 */
public final class TxnOutcome {

    private final RequestId requestId;
    private final Version version;
    private final boolean contended;
    private final ReadRows reads;
    private final ResultRow outputs;

    TxnOutcome(RequestId requestId, Version version, boolean contended, ReadRows reads, ResultRow outputs) {
        this.requestId = requestId;
        this.version = version;
        this.contended = contended;
        this.reads = reads;
        this.outputs = outputs;
    }

    /** The request that committed (after a drop, the name it was resent under). */
    public RequestId requestId() {
        return requestId;
    }

    /**
     * The commit version: the transaction's place in the one serialization order every region
     * shares. Pass it to {@link Snapshot#atLeast} on another connection to read this commit there.
     */
    public Version version() {
        return version;
    }

    /**
     * Whether the transaction conflicted with others of its epoch, so that its order was validated
     * across regions (about one round trip) instead of following from its epoch (about half).
     */
    public boolean contended() {
        return contended;
    }

    /**
     * A row the transaction read: by a {@code read} operation, which sees the transaction's own
     * earlier operations, or as a procedure reported it. A row read twice reports the last read.
     *
     * @param key the row
     * @return the row, or empty if it did not exist
     * @throws IllegalArgumentException if the transaction did not read that row
     */
    public Optional<ResultRow> row(RowKey key) {
        return reads.row(key);
    }

    /** The keys of the rows the transaction read, in the order they were reported. */
    public Set<RowKey> readKeys() {
        return reads.keys();
    }

    /** A procedure's named outputs; an empty row for ad-hoc transactions. */
    public ResultRow outputs() {
        return outputs;
    }

    @Override
    public String toString() {
        return "committed " + requestId + " at " + version + (contended ? " (contended)" : "");
    }
}
