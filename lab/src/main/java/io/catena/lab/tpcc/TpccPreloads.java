package io.catena.lab.tpcc;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.server.region.Preload;
import java.util.List;
import java.util.Map;

/** {@code catena region --preload tpcc:...}: a TPC-C database, for {@code catena tpcc --url}. */
public final class TpccPreloads implements Preload {

    @Override
    public boolean accepts(String spec) {
        return TpccPreload.names(spec);
    }

    @Override
    public Map<ChainKey, List<RowWrite>> rows(String spec) {
        return TpccPreload.parse(spec).rows();
    }

    @Override
    public String example() {
        return TpccPreload.NAME + ":warehouses=" + TpccPreload.DEFAULT_WAREHOUSES;
    }
}
