package io.catena.server.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The samples of a Prometheus text exposition (format 0.0.4), for assertions. */
final class PrometheusText {

    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

    /** One line: a series name, its labels and its value. */
    record Sample(String name, Map<String, String> labels, double value) {

        boolean has(String... labelValuePairs) {
            for (int i = 0; i < labelValuePairs.length; i += 2) {
                if (!labelValuePairs[i + 1].equals(labels.get(labelValuePairs[i]))) {
                    return false;
                }
            }
            return true;
        }
    }

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = samples;
    }

    static PrometheusText parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            if (!m.matches()) {
                throw new IllegalArgumentException("not a Prometheus sample line: " + line);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (m.group(2) != null) {
                Matcher l = LABEL.matcher(m.group(2));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
            }
            samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
        }
        return new PrometheusText(samples);
    }

    /** Every sample of series {@code name} whose labels include the given label/value pairs. */
    List<Sample> all(String name, String... labelValuePairs) {
        return samples.stream().filter(s -> s.name().equals(name) && s.has(labelValuePairs)).toList();
    }

    /** The sum of the matching samples' values (0 if none match). */
    double sum(String name, String... labelValuePairs) {
        return all(name, labelValuePairs).stream().mapToDouble(Sample::value).sum();
    }

    /** The value of the one matching sample. */
    double value(String name, String... labelValuePairs) {
        List<Sample> found = all(name, labelValuePairs);
        if (found.size() != 1) {
            throw new AssertionError("expected one sample of " + name + " " + List.of(labelValuePairs) + ", found "
                    + found);
        }
        return found.get(0).value();
    }
}
