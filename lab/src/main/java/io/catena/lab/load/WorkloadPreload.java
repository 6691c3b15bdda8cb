package io.catena.lab.load;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.server.region.Preload;
import java.util.List;
import java.util.Map;

/**
 * {@code catena region --preload bank:accounts=1000}: a workload's initial rows, as {@code catena
 * demo} loads them, for {@code catena bench --url}.
 */
public final class WorkloadPreload implements Preload {

    @Override
    public boolean accepts(String spec) {
        return WorkloadSpec.names(spec);
    }

    @Override
    public Map<ChainKey, List<RowWrite>> rows(String spec) {
        return WorkloadSpec.parse(spec).create(0).initialData();
    }

    @Override
    public String example() {
        return "bank:accounts=1000";
    }
}
