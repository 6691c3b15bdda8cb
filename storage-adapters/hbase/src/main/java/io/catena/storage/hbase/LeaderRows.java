package io.catena.storage.hbase;

import static io.catena.storage.hbase.HBaseLayout.DATA_META;
import static io.catena.storage.hbase.HBaseLayout.LATEST;
import static io.catena.storage.hbase.HBaseLayout.TERM;
import static io.catena.storage.hbase.HBaseLayout.bytes;

import io.catena.core.id.RegionId;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FilterList;

/**
 * Leader-term fencing of the rows of {@link StorageEngine#LEADER_TABLES} in the {@code data}
 * table. Each such row holds the term it takes writes from in {@code m:term}, and a fenced write
 * is a {@code checkAndMutate} of the row conditional on that term, so HBase checks the term and
 * writes under one row lock. Stateless beyond its tables; asynchronous, never blocking.
 *
 * <p>A claim can raise the term only of rows that exist, while a deposed leader could still create
 * a new one. So the two sides follow a fixed order, each writing before it reads what the other
 * writes: a claim raises the log's term ({@link ReplicatedLogTable#claim}) and then the term of
 * every leader row it finds; a writer that finds a row without its term raises the row's term and
 * then reads the log's. Whichever comes second sees the other: either the claim finds the row and
 * raises it, so the old leader's conditional write is refused, or the old leader finds the log
 * claimed by a later term, and then refuses itself and raises the row to that term, so that none
 * of its later writes passes the row's condition.
 */
final class LeaderRows {

    /** Guarded writes of one mutation tried at most, each after a refusal that raised the row's term. */
    private static final int MAX_ATTEMPTS = 5;

    private final AsyncTable<AdvancedScanResultConsumer> data;
    private final ReplicatedLogTable log;

    LeaderRows(AsyncTable<AdvancedScanResultConsumer> data, ReplicatedLogTable log) {
        this.data = data;
        this.log = log;
    }

    /** Raises every leader row that holds a term to {@code term}; call it after the log's claim. */
    CompletableFuture<Void> claim(long term) {
        List<CompletableFuture<Void>> raised = new ArrayList<>();
        CompletableFuture<Void> scans = CompletableFuture.completedFuture(null);
        for (String table : new TreeSet<>(StorageEngine.LEADER_TABLES)) {
            Scan rows = new Scan().withStartRow(RowKeys.tablePrefix(table)).withStopRow(RowKeys.tableEnd(table))
                    .addColumn(DATA_META, TERM);
            scans = scans.thenCompose(previous -> data.scanAll(rows)).thenAccept(found -> {
                for (Result row : found) {
                    raised.add(TermCell.raise(data, row.getRow(), DATA_META, term));
                }
            });
        }
        return scans.thenCompose(all -> CompletableFuture.allOf(raised.toArray(CompletableFuture[]::new)));
    }

    /** The guard of writes that {@code region}'s leader of {@code term} makes to leader rows. */
    RowGuard guard(RegionId region, long term) {
        return new Guard(region, term);
    }

    private final class Guard implements RowGuard {

        private final RegionId region;
        private final long term;

        Guard(RegionId region, long term) {
            this.region = region;
            this.term = term;
        }

        @Override
        public CheckAndMutate ifLatest(Put put, long latest) {
            FilterList conditions = new FilterList(FilterList.Operator.MUST_PASS_ALL, TermCell.holds(DATA_META, term),
                    latest > 0 ? TermCell.cellEquals(DATA_META, LATEST, bytes(VersionStamp.text(latest)))
                            : TermCell.absent(DATA_META, LATEST));
            return CheckAndMutate.newBuilder(put.getRow()).ifMatches(conditions).build(put);
        }

        @Override
        public CompletableFuture<Void> write(AsyncTable<AdvancedScanResultConsumer> table, Mutation mutation) {
            return write(table, mutation, 1);
        }

        private CompletableFuture<Void> write(AsyncTable<AdvancedScanResultConsumer> table, Mutation mutation, int attempt) {
            CheckAndMutate.Builder check = CheckAndMutate.newBuilder(mutation.getRow())
                    .ifEquals(DATA_META, TERM, TermCell.encode(term));
            CheckAndMutate write = mutation instanceof Put put ? check.build(put) : check.build((Delete) mutation);
            return table.checkAndMutate(write).thenCompose(result -> {
                if (result.isSuccess()) {
                    return CompletableFuture.completedFuture(null);
                }
                if (attempt >= MAX_ATTEMPTS) {
                    return CompletableFuture.failedFuture(new IllegalStateException("the leader term of row "
                            + RowKeys.chainKeyOf(mutation.getRow()) + " kept changing under a write of term " + term));
                }
                return afterRefusal(mutation.getRow()).thenCompose(ok -> write(table, mutation, attempt + 1));
            });
        }

        /** Raises the row to this term, then reads the log's: the writer's half of the order above. */
        @Override
        public CompletableFuture<Void> afterRefusal(byte[] row) {
            return TermCell.raise(data, row, DATA_META, term)
                    .thenCompose(raised -> log.claimedTerm(region))
                    .thenCompose(claimed -> {
                        if (claimed == null || claimed <= term) {
                            return CompletableFuture.completedFuture(null);
                        }
                        return TermCell.raise(data, row, DATA_META, claimed).handle((ignored, failure) -> {
                            throw new StoreFencedException(term, claimed);
                        });
                    });
        }
    }
}
