package io.catena.lab.eval;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The read-write key-value workloads of the paper's Fig. 5 (1 to 5 keys a transaction, blind
 * writes), by how their keys are drawn: uniformly, or zipf with θ = 1, where a few hot keys make
 * transactions conflict.
 */
enum KvWorkload {
    UNIFORM("uniform", ""),
    ZIPF("zipf", ",dist=zipf1");

    private final String label;
    private final String distribution;

    KvWorkload(String label, String distribution) {
        this.label = label;
        this.distribution = distribution;
    }

    /** The name on the command line and in the CSV. */
    String label() {
        return label;
    }

    /** The workload spec over {@code records} keys, as {@code catena bench --workload} reads it. */
    String spec(int records) {
        return "kv:records=" + records + ",min=1,max=5,writes=blind" + distribution;
    }

    /** The workloads named, in the order given, each once. */
    static List<KvWorkload> parse(List<String> names) {
        return names.stream().map(KvWorkload::parse).distinct().toList();
    }

    private static KvWorkload parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(w -> w.label.equals(n)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown workload '" + name
                        + "' in --workloads; expected uniform or zipf"));
    }
}
