package io.catena.server.region;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.procedure.Procedure;
import io.catena.core.procedure.ProcedureLibrary;
import io.catena.core.procedure.ProcedureRegistry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * What the classpath adds to a region: procedure libraries and benchmark preloads. The runtime's
 * own distribution carries neither; an application adds its procedures by putting its jar beside
 * it, and the lab's {@code catena} adds TPC-C and the workloads' initial rows.
 */
public final class RegionExtensions {

    private RegionExtensions() {
    }

    /** Every library's procedures in one registry, the same whatever order the classpath lists them. */
    public static ProcedureRegistry procedures() {
        List<ProcedureLibrary> libraries = new ArrayList<>();
        ServiceLoader.load(ProcedureLibrary.class).forEach(libraries::add);
        libraries.sort(Comparator.comparing(l -> l.getClass().getName()));
        List<Procedure> all = new ArrayList<>();
        libraries.forEach(l -> all.addAll(l.procedures()));
        return ProcedureRegistry.of(all.toArray(Procedure[]::new));
    }

    /**
     * The rows of the preload that accepts {@code spec}.
     *
     * @throws IllegalArgumentException if none does, naming those this build knows
     */
    public static Map<ChainKey, List<RowWrite>> preload(String spec) {
        List<String> known = new ArrayList<>();
        for (Preload p : ServiceLoader.load(Preload.class)) {
            if (p.accepts(spec)) {
                return p.rows(spec);
            }
            known.add(p.example());
        }
        throw new IllegalArgumentException(known.isEmpty()
                ? "this build of catena carries no preloads (they come with the lab's catena command), so --preload "
                        + spec + " cannot be loaded"
                : "no preload accepts '" + spec + "'; this build knows, for example, " + String.join(" and ", known));
    }
}
