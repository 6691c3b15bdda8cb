package io.catena.storage.hbase;

import static io.catena.storage.hbase.HBaseLayout.TERM;

import io.catena.core.spi.StoreFencedException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;

/**
 * A leader term held in one HBase cell (qualifier {@code term}, 8 bytes big-endian), and the
 * conditions that fenced writes put on cells of their row. A term cell only ever rises: every
 * change is a {@code checkAndMutate} from the value just read, so of two claims racing on it the
 * lower one ends refused. Stateless; asynchronous, never blocking.
 *
 * <p>A write guarded by a term is a {@code checkAndMutate} whose condition is a filter over its
 * row (HBase takes one condition, and a fenced write needs two: the term and its own, such as an
 * absent record). HBase applies the mutation if the filtered read of the row returns any cell, so
 * every condition here is a {@link SingleColumnValueFilter}, which keeps or drops the whole row.
 */
final class TermCell {

    private static final byte[] NO_VALUE = new byte[0];

    private TermCell() {
    }

    static byte[] encode(long term) {
        return ByteBuffer.allocate(8).putLong(term).array();
    }

    static long decode(byte[] cell) {
        return ByteBuffer.wrap(cell).getLong();
    }

    /** The term held in {@code row}'s {@code family:term}, or null if there is none. */
    static CompletableFuture<Long> held(AsyncTable<?> table, byte[] row, byte[] family) {
        return table.get(new Get(row).addColumn(family, TERM)).thenApply(result -> heldIn(result, family));
    }

    static Long heldIn(Result row, byte[] family) {
        byte[] cell = row.getValue(family, TERM);
        return cell == null ? null : decode(cell);
    }

    /**
     * Raises {@code row}'s term to {@code term}, or leaves it if it holds {@code term} already;
     * fails with {@link StoreFencedException} if it holds a higher one. A compare-and-set loop: it
     * retries only when another writer changed the cell in between, which raised it.
     */
    static CompletableFuture<Void> raise(AsyncTable<?> table, byte[] row, byte[] family, long term) {
        return held(table, row, family).thenCompose(held -> {
            if (held != null && held > term) {
                return CompletableFuture.failedFuture(new StoreFencedException(term, held));
            }
            if (held != null && held == term) {
                return CompletableFuture.completedFuture(null);
            }
            CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
            Put put = new Put(row).addColumn(family, TERM, encode(term));
            CheckAndMutate cas = held == null ? check.ifNotExists(family, TERM).build(put)
                    : check.ifEquals(family, TERM, encode(held)).build(put);
            return table.checkAndMutate(cas).thenCompose(result -> result.isSuccess()
                    ? CompletableFuture.completedFuture(null) : raise(table, row, family, term));
        });
    }

    /** Keeps the row if its {@code family:term} holds {@code term}; drops it if it holds another or none. */
    static Filter holds(byte[] family, long term) {
        return cellEquals(family, TERM, encode(term));
    }

    /** Keeps the row if {@code family:qualifier}'s newest cell is {@code value}; drops it otherwise or if absent. */
    static Filter cellEquals(byte[] family, byte[] qualifier, byte[] value) {
        SingleColumnValueFilter filter = new SingleColumnValueFilter(family, qualifier, CompareOperator.EQUAL,
                new BinaryComparator(value));
        filter.setFilterIfMissing(true);
        return filter;
    }

    /**
     * Keeps the row if it has no {@code family:qualifier} cell; for cells never stored empty (log
     * records, versions), since a present cell is told apart from none by not being empty.
     */
    static Filter absent(byte[] family, byte[] qualifier) {
        SingleColumnValueFilter filter = new SingleColumnValueFilter(family, qualifier, CompareOperator.EQUAL,
                new BinaryComparator(NO_VALUE));
        filter.setFilterIfMissing(false);
        return filter;
    }
}
