package io.catena.core.txn;

import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.rlog.EncodedSize;
import java.util.List;

/**
 * The rules of a read-only transaction that do not depend on who answers it, so that Catena's
 * coordinator and the comparison baselines accept and refuse the same reads: what it may name,
 * and how large its answer may grow. Pure functions.
 */
public final class ReadOnlyTxn {

    /**
     * The smallest frame limit a region process may be configured with ({@code network.maxFrameBytes};
     * the server module's tests keep the two equal).
     */
    public static final int FRAME_FLOOR_BYTES = 64 << 10;

    private ReadOnlyTxn() {
    }

    /**
     * The largest answer a region may send a client: a frame every region process of the cluster
     * accepts, whatever its own frame limit. That is at least {@code maxEpochMessageBytes} (a
     * region refuses to start with a smaller frame limit) and at least {@link #FRAME_FLOOR_BYTES}.
     */
    public static long maxReplyBytes(ClusterConfig config) {
        return Math.max(config.maxEpochMessageBytes(), FRAME_FLOOR_BYTES);
    }

    /** Why a read of {@code keys} and {@code partitions} can never run, or null if it can. */
    public static String rejection(List<RowKey> keys, List<ChainKey> partitions) {
        if (keys.isEmpty() && partitions.isEmpty()) {
            return "a read-only transaction reads at least one row or partition";
        }
        for (RowKey k : keys) {
            if (reserved(k.chainKey())) {
                return reservedTable(k.chainKey());
            }
        }
        for (ChainKey p : partitions) {
            if (reserved(p)) {
                return reservedTable(p);
            }
        }
        return null;
    }

    /**
     * The result carrying {@code rows}, or a rejection when its reply would not fit in
     * {@code maxReplyBytes} (as {@link EncodedSize#replyFrame} measures it): a frame too large is
     * never delivered, and the client would wait out its timeout for nothing. The rows are read
     * by then, but the caller learns that this read is too large to ever come back whole.
     */
    public static TxnResult result(SnapshotRows rows, long maxReplyBytes) {
        TxnResult result = TxnResult.committed(rows.flatten(), Row.EMPTY);
        long bytes = EncodedSize.replyFrame(result);
        if (bytes <= maxReplyBytes) {
            return result;
        }
        return TxnResult.rejected("the snapshot read's answer would take up to " + bytes + " bytes, more than the "
                + maxReplyBytes + " bytes of the largest frame every region accepts, so read fewer rows or partitions "
                + "at a time");
    }

    private static boolean reserved(ChainKey key) {
        return key.table().startsWith(TxnPlanner.RESERVED_TABLE_PREFIX);
    }

    private static String reservedTable(ChainKey key) {
        return "table " + key.table() + " is reserved for Catena's own use";
    }
}
