package site.ycsb.db.catena;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What YCSB's Client printed: its own report ({@code [SECTION], metric, value} lines, from its
 * default text exporter), the process's exit code and its error stream.
 */
record YcsbOutput(int exitCode, String stdout, String stderr) {

    private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\], ([^,]+), (.+)$");

    /** The value YCSB reported for {@code metric} of {@code section}, e.g. ("READ", "Operations"); null if absent. */
    String value(String section, String metric) {
        return lines().getOrDefault(section + "|" + metric, null);
    }

    /** {@link #value} as a whole number, 0 if YCSB did not report it. */
    long count(String section, String metric) {
        String v = value(section, metric);
        return v == null ? 0 : Long.parseLong(v.trim());
    }

    /** Every {@code Return=STATUS} that YCSB counted and is not OK, as "SECTION Return=STATUS: n". */
    List<String> notOk() {
        List<String> bad = new ArrayList<>();
        lines().forEach((key, value) -> {
            String[] parts = key.split("\\|", 2);
            if (parts[1].startsWith("Return=") && !parts[1].equals("Return=OK")) {
                bad.add(parts[0] + " " + parts[1] + ": " + value);
            }
        });
        return bad;
    }

    private Map<String, String> lines() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : stdout.split("\n")) {
            Matcher m = LINE.matcher(line.strip());
            if (m.matches()) {
                out.put(m.group(1) + "|" + m.group(2), m.group(3));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
}
