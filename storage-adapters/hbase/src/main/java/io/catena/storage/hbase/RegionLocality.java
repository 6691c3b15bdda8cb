package io.catena.storage.hbase;

import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
import io.catena.core.spi.StorageLocality;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * Where HBase keeps each chain key: its row key ({@link HBasePositions}) in the {@code data}
 * table, and the region server of the HBase region that holds that row, read from
 * {@code hbase:meta} at each {@link #layout()} call ({@link RegionPlacement}), so the layout
 * follows a region the balancer moved. HBase routes every call to its region's server, so nothing
 * is pinned and the locality counts stay zero. Thread-safe; uses the engine's connection, which
 * the engine owns and closes.
 */
final class RegionLocality implements StorageLocality {

    private final AsyncConnection connection;
    private final HBaseSettings settings;

    RegionLocality(AsyncConnection connection, HBaseSettings settings) {
        this.connection = connection;
        this.settings = settings;
    }

    @Override
    public KeyPositions positions() {
        return HBasePositions.INSTANCE;
    }

    /** The data table's regions and their servers as {@code hbase:meta} records them now. Blocks. */
    @Override
    public StoreLayout layout() {
        if (connection.isClosed()) {
            throw new IllegalStateException("storage engine is closed");
        }
        return placement().layout();
    }

    @Override
    public LocalityCounts localityCounts() {
        return LocalityCounts.NONE;
    }

    private RegionPlacement placement() {
        List<HRegionLocation> regions = OpenSteps.await(
                connection.getRegionLocator(HBaseLayout.data(settings.namespace())).getAllRegionLocations(),
                settings, "locate the data table's regions");
        List<String> servers = new ArrayList<>();
        for (ServerName server : OpenSteps.await(connection.getAdmin().getRegionServers(), settings, "list the region servers")) {
            servers.add(server.getAddress().toString());
        }
        Map<byte[], String> starts = new LinkedHashMap<>();
        for (HRegionLocation region : regions) {
            RegionInfo info = region.getRegion();
            if (info.isSplitParent() || info.isOffline() || info.getReplicaId() != RegionInfo.DEFAULT_REPLICA_ID) {
                // A split's parent overlaps its daughters; a read replica serves no writes.
                continue;
            }
            ServerName server = region.getServerName();
            starts.put(region.getRegion().getStartKey(), server == null ? null : server.getAddress().toString());
        }
        return new RegionPlacement(servers, starts);
    }
}
