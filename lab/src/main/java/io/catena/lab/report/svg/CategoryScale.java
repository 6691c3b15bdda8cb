package io.catena.lab.report.svg;

import java.util.ArrayList;
import java.util.List;

/**
 * An axis of named categories, such as the regions of a latency matrix: category {@code i} lies at
 * value {@code i} and its tick reads its name. Half a step of room on either side keeps the first
 * and last points off the frame.
 *
 * @param names the categories in axis order, at least one
 */
public record CategoryScale(List<String> names) implements Scale {

    public CategoryScale {
        names = List.copyOf(names);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a category axis has at least one category");
        }
    }

    @Override
    public double min() {
        return -0.5;
    }

    @Override
    public double max() {
        return names.size() - 0.5;
    }

    @Override
    public double fraction(double value) {
        return Math.min(1, Math.max(0, (value - min()) / (max() - min())));
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            ticks.add(new Tick(i, names.get(i), true));
        }
        return ticks;
    }
}
