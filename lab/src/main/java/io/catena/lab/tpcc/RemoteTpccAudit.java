package io.catena.lab.tpcc;

import io.catena.client.Connection;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.lab.report.Check;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.check.ConsistencyChecker;
import io.catena.tpcc.check.StoreReadException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What a TPC-C run against a cluster elsewhere proved, read through the client library once every
 * answer is in: TPC-C's consistency conditions in every region, and that the regions hold the same
 * rows in the partitions those conditions read (stock, which none reads, is not compared). Each
 * region is read at a snapshot that includes the newest commit any terminal saw, so that it has
 * applied everything the run did.
 */
final class RemoteTpccAudit {

    /** Partitions read at once from a region: enough to hide a WAN round trip or two. */
    private static final int READS_IN_FLIGHT = 8;

    private RemoteTpccAudit() {
    }

    static List<Check> of(List<Connection> connections, List<String> regions, TpccScale scale, boolean delivered) {
        Version floor = Version.ZERO;
        for (Connection c : connections) {
            floor = Version.max(floor, c.lastVersion());
        }
        List<Check> checks = new ArrayList<>();
        List<Map<ChainKey, Long>> states = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        for (int r = 0; r < connections.size(); r++) {
            PartitionDigests read = new PartitionDigests(new SnapshotPartitions(connections.get(r), floor));
            try {
                checks.add(TpccAudit.consistency(regions.get(r),
                        new ConsistencyChecker(read, scale, READS_IN_FLIGHT).check(delivered)));
            } catch (StoreReadException | IllegalStateException e) {
                checks.add(Check.fail("TPC-C consistency conditions in " + regions.get(r) + " not checked: "
                        + e.getMessage()));
                unread.add(regions.get(r));
            }
            states.add(read.digests());
        }
        checks.add(unread.isEmpty() ? sameState(regions, states)
                : Check.fail("regions not compared: " + String.join(", ", unread) + " could not be read whole"));
        return checks;
    }

    private static Check sameState(List<String> regions, List<Map<ChainKey, Long>> states) {
        Map<ChainKey, Long> first = states.get(0);
        for (int r = 1; r < states.size(); r++) {
            Map<ChainKey, Long> other = states.get(r);
            TreeSet<ChainKey> keys = new TreeSet<>(first.keySet());
            keys.addAll(other.keySet());
            for (ChainKey key : keys) {
                if (!Objects.equals(other.get(key), first.get(key))) {
                    return Check.fail("partition " + key + " differs between " + regions.get(0) + " and "
                            + regions.get(r));
                }
            }
        }
        return Check.pass(String.format(Locale.ROOT, "all %d regions hold identical state in the %,d partitions the "
                + "conditions read (stock not compared)", states.size(), first.size()));
    }
}
