package io.catena.storage.hbase;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * Reshapes a table's regions on a {@link LocalHBase} of several region servers, as an operator
 * would: for tests and the lab that show the adapter's layout and a Catena region's chain servers
 * following HBase's regions. Splits a region only while it is fresh: HBase refuses to split a
 * daughter again until its files are compacted.
 */
public final class LocalHBaseRegions {

    private LocalHBaseRegions() {
    }

    /**
     * Splits the region of {@code table} holding {@code point} there and waits until the daughter
     * starting at it is online.
     *
     * @throws IllegalStateException if it is not online within {@code timeout}
     */
    public static void split(Admin admin, TableName table, byte[] point, Duration timeout)
            throws IOException, InterruptedException {
        admin.split(table, point);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (online(admin, table).stream().noneMatch(r -> Arrays.equals(r.getStartKey(), point))) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("HBase did not split " + table + " at " + Arrays.toString(point)
                        + " within " + timeout + "; see its log (hbase.log in its data directory)");
            }
            Thread.sleep(200);
        }
    }

    /** The table's online regions (split parents left out), by start key. */
    public static List<RegionInfo> online(Admin admin, TableName table) throws IOException {
        return admin.getRegions(table).stream().filter(r -> !r.isSplitParent() && !r.isOffline())
                .sorted(Comparator.comparing(RegionInfo::getStartKey, Arrays::compareUnsigned)).toList();
    }
}
