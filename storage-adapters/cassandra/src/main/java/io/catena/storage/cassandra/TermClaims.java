package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import io.catena.core.data.ChainKey;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Leader terms in a region's keyspace: a static {@code term} column in the claiming region's own
 * {@code rlog} partition and in each partition of a leader table ({@link StorageEngine#LEADER_TABLES}).
 * A claim raises them by compare-and-set, and a fenced write is a batch on its own partition that
 * carries the condition {@code term = T}: Cassandra evaluates the condition and applies the batch in
 * one Paxos round, so no write of a deposed term lands after a later claim has raised the term.
 * Conditions reach one partition only, hence a term in each partition a leader fences rather than
 * one per region.
 *
 * <p><b>Consistency.</b> Conditions are evaluated at the session's serial consistency,
 * {@code LOCAL_SERIAL}: a region's store is one Cassandra data centre (the driver routes to its
 * {@code localDatacenter} only), so a local Paxos quorum is a quorum of every replica the region
 * has, and {@code SERIAL} would only add rounds to data centres that hold none of its data.
 *
 * <p><b>Partitions written after a claim.</b> A claim raises the term of the leader partitions
 * listed in {@code keys} when it runs. A fenced write finding its partition at no term or a lower
 * one (new, dropped, or written unfenced) claims it on the spot, in this order: lists it, checks
 * that the region's log partition holds the writer's term, raises the partition's term. A later
 * claim lists keys after raising the log's term; if its listing missed the partition, the
 * writer's listing ended after that listing began, so the writer's check ran after the log's term
 * was raised and refuses. Both listings run at {@code LOCAL_QUORUM} whatever the session's
 * consistency, since the argument needs the read to see the completed write.
 *
 * <p>Statements are marked idempotent: a retried claim finds its own term and stops, and a retried
 * fenced batch either finds the term it needs again or refuses. Stateless beyond the statements.
 */
final class TermClaims {

    private static final DefaultConsistencyLevel LISTING = DefaultConsistencyLevel.LOCAL_QUORUM;
    static final int CLAIM_ATTEMPTS = 10;
    private static final long CLAIM_BACKOFF_MILLIS = 100;

    private final CqlSession session;
    private final PreparedStatement raiseLog;
    private final PreparedStatement raisePartition;
    private final PreparedStatement listKey;
    private final PreparedStatement selectKeys;

    TermClaims(CqlSession session, String keyspace) {
        this.session = session;
        raiseLog = prepare("UPDATE " + keyspace + "." + CassandraLayout.RLOG + " SET term = ? WHERE origin = ? IF term = ?");
        raisePartition = prepare("UPDATE " + keyspace + "." + CassandraLayout.DATA
                + " SET term = ? WHERE tbl = ? AND part = ? IF term = ?");
        listKey = prepare("INSERT INTO " + keyspace + "." + CassandraLayout.KEYS + " (tbl, part) VALUES (?, ?)");
        selectKeys = prepare("SELECT part FROM " + keyspace + "." + CassandraLayout.KEYS + " WHERE tbl = ?");
    }

    /**
     * Raises the region's log partition to the term, then every listed leader partition (see the
     * class comment). A compare-and-set that times out (Paxos contended by the deposed leader's own
     * conditional appends, which is when a claim matters most) may or may not have applied, so the
     * claim starts over, up to {@value #CLAIM_ATTEMPTS} times: one that did apply finds its own term.
     * So does a claim that found no connection to any node (the driver's pool reopening one the
     * node dropped under that load, which the driver redials within 100 ms at first).
     */
    CompletionStage<Void> claim(LeaderTerm term) {
        return claim(term, 1);
    }

    private CompletionStage<Void> claim(LeaderTerm term, int attempt) {
        CompletionStage<Void> once = raise(held -> raiseLog.bind(term.term(), term.region().index(), held), term)
                .thenCompose(x -> leaderKeys())
                .thenCompose(keys -> raiseEach(keys, 0, term));
        return once.handle((x, failure) -> failure).thenCompose(failure -> {
            if (failure == null) {
                return done();
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (!worthRetrying(cause) || attempt >= CLAIM_ATTEMPTS) {
                return CompletableFuture.failedFuture(cause);
            }
            Executor later = CompletableFuture.delayedExecutor(CLAIM_BACKOFF_MILLIS * attempt, TimeUnit.MILLISECONDS);
            return CompletableFuture.supplyAsync(() -> null, later).thenCompose(y -> claim(term, attempt + 1));
        });
    }

    private static boolean worthRetrying(Throwable cause) {
        return cause instanceof WriteTimeoutException || cause instanceof AllNodesFailedException
                || cause instanceof NodeUnavailableException;
    }

    /** The condition that a batch on the region's log partition runs only while the term holds it. */
    BoundStatement logHeldBy(LeaderTerm term) {
        return raiseLog.bind(term.term(), term.region().index(), term.term());
    }

    /**
     * Makes a write of a leader partition, given the condition it must carry (a statement of its
     * batch); claims the partition first if it holds no term or a lower one, and refuses if it
     * holds a higher one. {@code write} may run twice, and must not have written when refused.
     */
    CompletionStage<Void> onLeaderPartition(ChainKey key, LeaderTerm term,
                                            Function<BoundStatement, CompletionStage<AsyncResultSet>> write) {
        BoundStatement held = raisePartition.bind(term.term(), key.table(), key.partition(), term.term());
        return write.apply(held).thenCompose(first -> {
            if (first.wasApplied()) {
                return done();
            }
            Long found = heldTerm(first.one());
            if (found != null && found > term.term()) {
                return CompletableFuture.failedFuture(new StoreFencedException(term.term(), found));
            }
            return claimPartition(key, term).thenCompose(x -> write.apply(held)).thenCompose(again -> again.wasApplied()
                    ? done() : CompletableFuture.failedFuture(refusal(term, heldTerm(again.one()))));
        });
    }

    /**
     * Why a write conditional on {@code term} was refused, given the term found: a higher one has
     * claimed the store, or the writer never claimed it (a mistake of the caller, not a takeover).
     */
    static RuntimeException refusal(LeaderTerm term, Long found) {
        if (found != null && found > term.term()) {
            return new StoreFencedException(term.term(), found);
        }
        return new IllegalStateException("leader term " + term.term() + " of region " + term.region()
                + " has not claimed the store (it holds term " + found + "); call claimTerm before writing through fencedBy");
    }

    /** The term a refused conditional statement found in its partition; null if it holds none. */
    static Long heldTerm(Row refused) {
        if (refused == null || !refused.getColumnDefinitions().contains("term") || refused.isNull("term")) {
            return null;
        }
        return refused.getLong("term");
    }

    private CompletionStage<Void> claimPartition(ChainKey key, LeaderTerm term) {
        return session.executeAsync(listKey.bind(key.table(), key.partition()).setConsistencyLevel(LISTING))
                .thenCompose(listed -> session.executeAsync(logHeldBy(term)))
                .thenCompose(log -> log.wasApplied() ? raisePartition(key, term)
                        : CompletableFuture.failedFuture(refusal(term, heldTerm(log.one()))));
    }

    private CompletionStage<List<ChainKey>> leaderKeys() {
        List<ChainKey> keys = new ArrayList<>();
        CompletionStage<Void> read = done();
        for (String table : new TreeSet<>(StorageEngine.LEADER_TABLES)) {
            read = read.thenCompose(x -> Pages.all(session, selectKeys.bind(table).setConsistencyLevel(LISTING)))
                    .thenAccept(rows -> rows.forEach(row -> keys.add(ChainKey.of(table, row.getString(0)))));
        }
        return read.thenApply(x -> keys);
    }

    private CompletionStage<Void> raiseEach(List<ChainKey> keys, int next, LeaderTerm term) {
        if (next == keys.size()) {
            return done();
        }
        return raisePartition(keys.get(next), term).thenCompose(x -> raiseEach(keys, next + 1, term));
    }

    private CompletionStage<Void> raisePartition(ChainKey key, LeaderTerm term) {
        return raise(held -> raisePartition.bind(term.term(), key.table(), key.partition(), held), term);
    }

    /**
     * Compare-and-set from the term found (at first none) to {@code term}, again from the term each
     * refusal names, until the partition holds the term; refuses if it holds a higher one.
     */
    private CompletionStage<Void> raise(Function<Long, BoundStatement> fromHeld, LeaderTerm term) {
        return raiseFrom(fromHeld, null, term);
    }

    private CompletionStage<Void> raiseFrom(Function<Long, BoundStatement> fromHeld, Long held, LeaderTerm term) {
        return session.executeAsync(fromHeld.apply(held)).thenCompose(rs -> {
            if (rs.wasApplied()) {
                return done();
            }
            Long found = heldTerm(rs.one());
            if (found != null && found >= term.term()) {
                return found == term.term() ? done()
                        : CompletableFuture.failedFuture(new StoreFencedException(term.term(), found));
            }
            return raiseFrom(fromHeld, found, term);
        });
    }

    private static CompletionStage<Void> done() {
        return CompletableFuture.completedFuture(null);
    }

    private PreparedStatement prepare(String cql) {
        return session.prepare(SimpleStatement.newInstance(cql).setIdempotent(true));
    }
}
