package io.catena.core.procedure;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The procedures a region can run, by name and version. Regions compare {@link #digest()} when
 * they connect: a call can only be shipped between regions that run the same code.
 */
public final class ProcedureRegistry {

    private final SortedMap<String, Procedure> byKey;

    private ProcedureRegistry(SortedMap<String, Procedure> byKey) {
        this.byKey = Collections.unmodifiableSortedMap(byKey);
    }

    public static ProcedureRegistry empty() {
        return new ProcedureRegistry(new TreeMap<>());
    }

    public static ProcedureRegistry of(Procedure... procedures) {
        TreeMap<String, Procedure> m = new TreeMap<>();
        for (Procedure p : procedures) {
            Procedure previous = m.put(key(p.name(), p.version()), p);
            if (previous != null) {
                throw new IllegalArgumentException("procedure " + p.name() + " version " + p.version()
                        + " registered twice");
            }
        }
        return new ProcedureRegistry(m);
    }

    /** Whether this registry runs no procedure at all: only ad-hoc transactions. */
    public boolean isEmpty() {
        return byKey.isEmpty();
    }

    public Optional<Procedure> find(String name, int version) {
        return Optional.ofNullable(byKey.get(key(name, version)));
    }

    /** Names and versions, in order: a stable fingerprint of what this registry can run. */
    public String digest() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Procedure> e : byKey.entrySet()) {
            sb.append(e.getKey()).append(';');
        }
        return Integer.toHexString(sb.toString().hashCode()) + ":" + byKey.size();
    }

    private static String key(String name, int version) {
        return name + "@" + version;
    }
}
