package io.catena.server.region;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import java.util.List;
import java.util.Map;

/**
 * Initial rows a benchmark loads into a new region's store ({@code catena region --preload
 * SPEC}), found on the classpath through a {@code META-INF/services/io.catena.server.region.Preload}
 * entry. The runtime carries none: the lab's benchmarks bring theirs.
 */
public interface Preload {

    /** Whether {@code spec} is one of this preload's, e.g. {@code bank:accounts=1000}. */
    boolean accepts(String spec);

    /**
     * The rows {@code spec} names, the same in every region given the same text.
     *
     * @throws IllegalArgumentException naming what in {@code spec} is wrong
     */
    Map<ChainKey, List<RowWrite>> rows(String spec);

    /** One spec this preload accepts, for the refusal that lists what this build knows. */
    String example();
}
