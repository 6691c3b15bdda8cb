package io.catena.harness.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The result of checking one history: a count per {@link Anomaly}, a few human-readable examples
 * of each, and informational counts (transactions, keys, dependency edges) that are not anomalies.
 *
 * <p>Immutable.
 */
public final class CheckReport {

    /** The examples kept per anomaly unless the checker is told otherwise. */
    public static final int DEFAULT_EXAMPLES_PER_ANOMALY = 5;

    private static final List<Anomaly> ALWAYS_SUMMARIZED =
            List.of(Anomaly.G0, Anomaly.G1A, Anomaly.G1B, Anomaly.G1C, Anomaly.G2, Anomaly.LOST);

    private final Map<Anomaly, Long> counts;
    private final Map<Anomaly, List<String>> examples;
    private final Map<String, Long> info;

    private CheckReport(Builder builder) {
        this.counts = Collections.unmodifiableMap(new EnumMap<>(builder.counts));
        Map<Anomaly, List<String>> copied = new EnumMap<>(Anomaly.class);
        builder.examples.forEach((anomaly, list) -> copied.put(anomaly, List.copyOf(list)));
        this.examples = Collections.unmodifiableMap(copied);
        this.info = Collections.unmodifiableMap(new LinkedHashMap<>(builder.info));
    }

    /** How many times {@code anomaly} was found. */
    public long count(Anomaly anomaly) {
        return counts.get(anomaly);
    }

    /** The count of every anomaly, zeros included, in {@link Anomaly} order. */
    public Map<Anomaly, Long> counts() {
        return counts;
    }

    /** The total of all anomaly counts. */
    public long anomalies() {
        long total = 0;
        for (long count : counts.values()) {
            total += count;
        }
        return total;
    }

    /** True if no anomaly was found. */
    public boolean valid() {
        return anomalies() == 0;
    }

    /** The number of committed appends missing from a region's final list. */
    public long lost() {
        return count(Anomaly.LOST);
    }

    /** Informational counts by name (e.g. {@code txns}, {@code edges-rw}); never anomalies. */
    public Map<String, Long> info() {
        return info;
    }

    /** The kept examples of {@code anomaly}, each a sentence prefixed with the anomaly's name. */
    public List<String> examples(Anomaly anomaly) {
        return examples.getOrDefault(anomaly, List.of());
    }

    /** All kept examples, in {@link Anomaly} order. */
    public List<String> examples() {
        List<String> all = new ArrayList<>();
        for (Anomaly anomaly : Anomaly.values()) {
            all.addAll(examples(anomaly));
        }
        return all;
    }

    /**
     * One line such as {@code anomalies=0 G0=0 G1a=0 G1b=0 G1c=0 G2=0 lost=0}, followed by any
     * other anomaly whose count is not zero.
     */
    public String summaryLine() {
        StringBuilder line = new StringBuilder("anomalies=").append(anomalies());
        for (Anomaly anomaly : ALWAYS_SUMMARIZED) {
            line.append(' ').append(anomaly.reportName()).append('=').append(count(anomaly));
        }
        for (Anomaly anomaly : Anomaly.values()) {
            if (!ALWAYS_SUMMARIZED.contains(anomaly) && count(anomaly) != 0) {
                line.append(' ').append(anomaly.reportName()).append('=').append(count(anomaly));
            }
        }
        return line.toString();
    }

    /** The summary line followed by every kept example, one per line. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(summaryLine());
        for (String example : examples()) {
            text.append(System.lineSeparator()).append("  ").append(example);
        }
        return text.toString();
    }

    static Builder builder(int maxExamplesPerAnomaly) {
        return new Builder(maxExamplesPerAnomaly);
    }

    /** Collects counts and examples while checkers run; belongs to one thread. */
    static final class Builder {
        private final int maxExamplesPerAnomaly;
        private final Map<Anomaly, Long> counts = new EnumMap<>(Anomaly.class);
        private final Map<Anomaly, List<String>> examples = new EnumMap<>(Anomaly.class);
        private final Map<String, Long> info = new LinkedHashMap<>();

        private Builder(int maxExamplesPerAnomaly) {
            if (maxExamplesPerAnomaly < 0) {
                throw new IllegalArgumentException("maxExamplesPerAnomaly must be >= 0: " + maxExamplesPerAnomaly);
            }
            this.maxExamplesPerAnomaly = maxExamplesPerAnomaly;
            for (Anomaly anomaly : Anomaly.values()) {
                counts.put(anomaly, 0L);
            }
        }

        /** True while another example of {@code anomaly} would be kept. */
        boolean wantsExample(Anomaly anomaly) {
            return examples.getOrDefault(anomaly, List.of()).size() < maxExamplesPerAnomaly;
        }

        /** Counts one {@code anomaly}; {@code example} is only called if the example is kept. */
        void report(Anomaly anomaly, Supplier<String> example) {
            counts.merge(anomaly, 1L, Long::sum);
            if (wantsExample(anomaly)) {
                examples.computeIfAbsent(anomaly, a -> new ArrayList<>())
                        .add(anomaly.reportName() + ": " + example.get());
            }
        }

        /** Adds {@code value} to the informational count {@code name}. */
        void info(String name, long value) {
            info.merge(name, value, Long::sum);
        }

        CheckReport build() {
            return new CheckReport(this);
        }
    }
}
