package io.catena.server.config;

import io.catena.core.wan.LatencyMatrix;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Validates the WAN emulation settings against the region list and resolves a preset into round
 * trips in the order of the regions.
 */
final class WanCheck {

    /** The presets {@link LatencyMatrix#preset} knows; a test keeps this list in step with it. */
    static final List<String> PRESETS = List.of("gcp3", "ec2-5");

    /** The preset name that turns emulation off. */
    static final String NO_PRESET = "none";

    private final List<String> regions;
    private final ConfigProblems problems;

    private WanCheck(List<String> regions, ConfigProblems problems) {
        this.regions = regions;
        this.problems = problems;
    }

    /**
     * The settings with any preset resolved; problems go to {@code problems}.
     *
     * @param regions the region names in order (an entry is null where the name is missing)
     */
    static WanSettings resolve(WanSettings wan, List<String> regions, ConfigProblems problems) {
        return new WanCheck(regions, problems).resolve(wan);
    }

    private WanSettings resolve(WanSettings wan) {
        if (wan.preset().isPresent() && !wan.preset().get().equals(NO_PRESET)) {
            return fromPreset(wan, wan.preset().get());
        }
        if (!wan.roundTrips().isEmpty()) {
            checkMatrix(wan.roundTrips());
            return wan;
        }
        if (wan.jitter().value() > 0) {
            problems.add("wan.jitter", "has no effect without wan.preset or wan.matrix");
        }
        if (wan.loss().value() > 0) {
            problems.add("wan.loss", "has no effect without wan.preset or wan.matrix");
        }
        return WanSettings.none().withJitter(wan.jitter()).withLoss(wan.loss());
    }

    private WanSettings fromPreset(WanSettings wan, String name) {
        LatencyMatrix matrix;
        try {
            matrix = LatencyMatrix.preset(name);
        } catch (IllegalArgumentException unknown) {
            List<String> valid = new ArrayList<>(PRESETS);
            valid.add(NO_PRESET);
            String hint = NearestName.among(valid, name).map(n -> " (did you mean " + n + "?)").orElse("");
            problems.add("wan.preset", "'" + name + "' is not a preset; use one of " + String.join(", ", valid) + hint);
            return wan;
        }
        if (matrix.size() != regions.size()) {
            problems.add("wan.preset", matrix.name() + " has " + matrix.size() + " regions but regions lists "
                    + regions.size());
            return wan;
        }
        List<Integer> order = presetOrder(matrix);
        List<List<TimeSpan>> rows = new ArrayList<>();
        for (int i : order) {
            List<TimeSpan> row = new ArrayList<>();
            for (int j : order) {
                row.add(TimeSpan.ofMicros(matrix.rttMicros(i, j)));
            }
            rows.add(row);
        }
        return new WanSettings(Optional.of(matrix.name()), rows, wan.jitter(), wan.loss());
    }

    /** For each of our regions, the preset's index: by name if the names are the preset's, else by position. */
    private List<Integer> presetOrder(LatencyMatrix matrix) {
        boolean sameNames = regions.stream().allMatch(Objects::nonNull)
                && new HashSet<>(regions).equals(new HashSet<>(matrix.regions()));
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < regions.size(); i++) {
            order.add(sameNames ? matrix.regions().indexOf(regions.get(i)) : i);
        }
        return order;
    }

    private void checkMatrix(List<List<TimeSpan>> rows) {
        int n = regions.size();
        if (rows.size() != n) {
            problems.add("wan.matrix", "has " + rows.size() + " rows but regions lists " + n);
            return;
        }
        boolean square = true;
        for (int i = 0; i < n; i++) {
            if (rows.get(i).size() != n) {
                problems.add("wan.matrix[" + i + "]", "has " + rows.get(i).size() + " round trips but regions lists " + n);
                square = false;
            }
        }
        if (!square) {
            return;
        }
        for (int i = 0; i < n; i++) {
            TimeSpan self = rows.get(i).get(i);
            if (self.micros() != 0) {
                problems.add(cell(i, i), "must be 0ms, a region's round trip to itself, not " + self);
            }
            for (int j = 0; j < i; j++) {
                if (!rows.get(i).get(j).equals(rows.get(j).get(i))) {
                    problems.add(cell(i, j), rows.get(i).get(j) + " differs from " + cell(j, i) + " ("
                            + rows.get(j).get(i) + "); round trips must be symmetric");
                }
            }
        }
    }

    private static String cell(int row, int column) {
        return "wan.matrix[" + row + "][" + column + "]";
    }
}
