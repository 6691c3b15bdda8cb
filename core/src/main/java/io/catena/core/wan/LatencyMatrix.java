package io.catena.core.wan;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Round-trip times between regions, in microseconds, with region names. One-way delay is half
 * the round trip. Presets come from the papers.
 */
public record LatencyMatrix(String name, List<String> regions, long[][] rttMicros) {

    public LatencyMatrix {
        regions = List.copyOf(regions);
        int n = regions.size();
        if (rttMicros.length != n) {
            throw new IllegalArgumentException("matrix size does not match the region count");
        }
        for (int i = 0; i < n; i++) {
            if (rttMicros[i].length != n || rttMicros[i][i] != 0) {
                throw new IllegalArgumentException("row " + i + " of " + name + " is malformed");
            }
            for (int j = 0; j < n; j++) {
                if (rttMicros[i][j] != rttMicros[j][i]) {
                    throw new IllegalArgumentException(name + " is not symmetric at " + i + "," + j);
                }
            }
        }
    }

    /** Equal matrices have equal names, regions and round trips (a record compares arrays by identity). */
    @Override
    public boolean equals(Object o) {
        return o instanceof LatencyMatrix m && name.equals(m.name) && regions.equals(m.regions)
                && Arrays.deepEquals(rttMicros, m.rttMicros);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, regions, Arrays.deepHashCode(rttMicros));
    }

    /**
     * The paper's three Google Cloud regions (Catenae §VII-B: us-central1, europe-west1,
     * asia-east1), with round trips of about 105, 155 and 255 ms.
     */
    public static LatencyMatrix gcp3() {
        return new LatencyMatrix("gcp3", List.of("us-central1", "europe-west1", "asia-east1"), new long[][] {
            {0, 105_000, 155_000},
            {105_000, 0, 255_000},
            {155_000, 255_000, 0},
        });
    }

    /**
     * The dissertation's five EC2 regions (Table 4.2): Virginia, Oregon, California, Ireland,
     * Singapore; average round trips in ms.
     */
    public static LatencyMatrix ec2five() {
        return new LatencyMatrix("ec2-5", List.of("virginia", "oregon", "california", "ireland", "singapore"),
                new long[][] {
                    {0, 66_000, 78_000, 84_000, 268_000},
                    {66_000, 0, 19_000, 175_000, 210_000},
                    {78_000, 19_000, 0, 175_000, 182_000},
                    {84_000, 175_000, 175_000, 0, 194_000},
                    {268_000, 210_000, 182_000, 194_000, 0},
                });
    }

    /** A uniform matrix, for tests. */
    public static LatencyMatrix uniform(int regions, long rttMicros) {
        long[][] m = new long[regions][regions];
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < regions; i++) {
            names.add("region" + i);
            for (int j = 0; j < regions; j++) {
                m[i][j] = i == j ? 0 : rttMicros;
            }
        }
        return new LatencyMatrix("uniform" + regions, names, m);
    }

    public static LatencyMatrix preset(String name) {
        return switch (name) {
            case "gcp3", "gcp" -> gcp3();
            case "ec2-5", "ec2" -> ec2five();
            default -> throw new IllegalArgumentException("unknown latency preset '" + name
                    + "'; known presets: gcp3, ec2-5");
        };
    }

    public int size() {
        return regions.size();
    }

    public long oneWayMicros(int from, int to) {
        return rttMicros[from][to] / 2;
    }

    public long rttMicros(int a, int b) {
        return rttMicros[a][b];
    }
}
