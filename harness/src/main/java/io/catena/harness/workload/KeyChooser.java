package io.catena.harness.workload;

import io.catena.harness.SeededRandom;
import java.util.Arrays;

/**
 * Picks record indexes uniformly or from a Zipf distribution with exponent theta (rank 0 is the
 * hottest). The CDF is computed once; a draw is a binary search.
 */
public final class KeyChooser {

    /** The distributions {@link #parse} accepts, as a phrase for messages. */
    public static final String SPELLED = "uniform, zipf1, zipf2 or zipf:THETA with THETA a number above 0";

    private final int records;
    private final double[] cdf;
    private final String description;

    private KeyChooser(int records, double[] cdf, String description) {
        this.records = records;
        this.cdf = cdf;
        this.description = description;
    }

    public static KeyChooser uniform(int records) {
        return new KeyChooser(records, null, "uniform");
    }

    public static KeyChooser zipf(int records, double theta) {
        double[] cdf = new double[records];
        double sum = 0;
        for (int i = 0; i < records; i++) {
            sum += 1.0 / Math.pow(i + 1, theta);
            cdf[i] = sum;
        }
        for (int i = 0; i < records; i++) {
            cdf[i] /= sum;
        }
        return new KeyChooser(records, cdf, "zipf(" + theta + ")");
    }

    /** "uniform", or "zipf" / "zipf1" / "zipf2" / "zipf:THETA". */
    public static KeyChooser parse(String spec, int records) {
        if (spec.equals("uniform")) {
            return uniform(records);
        }
        if (spec.equals("zipf") || spec.equals("zipf1")) {
            return zipf(records, 1.0);
        }
        if (spec.equals("zipf2")) {
            return zipf(records, 2.0);
        }
        if (spec.startsWith("zipf:")) {
            try {
                double theta = Double.parseDouble(spec.substring(5));
                if (theta > 0 && theta < Double.POSITIVE_INFINITY) {
                    return zipf(records, theta);
                }
            } catch (NumberFormatException e) {
                // Refused below, with what is accepted.
            }
        }
        throw new IllegalArgumentException("the key distribution must be " + SPELLED + ", not '" + spec + "'");
    }

    public int next(SeededRandom random) {
        if (cdf == null) {
            return random.nextInt(records);
        }
        int i = Arrays.binarySearch(cdf, random.nextDouble());
        return Math.min(records - 1, i >= 0 ? i : -i - 1);
    }

    /** {@code count} distinct indexes. */
    public int[] distinct(SeededRandom random, int count) {
        int n = Math.min(count, records);
        int[] out = new int[n];
        int filled = 0;
        int attempts = 0;
        while (filled < n) {
            int k = next(random);
            boolean seen = false;
            for (int i = 0; i < filled; i++) {
                seen |= out[i] == k;
            }
            if (!seen) {
                out[filled++] = k;
            } else if (++attempts > 64 * n) {
                // A very skewed distribution: fill the rest uniformly.
                k = random.nextInt(records);
                attempts = 0;
            }
        }
        return out;
    }

    public int records() {
        return records;
    }

    @Override
    public String toString() {
        return description;
    }
}
