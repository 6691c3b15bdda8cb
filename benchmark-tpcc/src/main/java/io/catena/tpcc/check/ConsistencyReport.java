package io.catena.tpcc.check;

import java.util.List;

/** The outcome of every condition, in condition order. Immutable. */
public final class ConsistencyReport {

    private final List<ConditionResult> results;

    ConsistencyReport(List<ConditionResult> results) {
        this.results = List.copyOf(results);
    }

    /** One result per condition, 1 to 13. */
    public List<ConditionResult> results() {
        return results;
    }

    public ConditionResult result(TpccCondition condition) {
        return results.get(condition.ordinal());
    }

    /** The conditions that failed, in order; empty if none did. */
    public List<ConditionResult> failures() {
        return results.stream().filter(r -> r.status() == ConditionStatus.FAILED).toList();
    }

    /** True if no condition failed; a condition that is not applicable does not count against it. */
    public boolean allPassed() {
        return failures().isEmpty();
    }

    /** One line per condition, each failure followed by its first violations. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (ConditionResult r : results) {
            b.append(r.summary()).append('\n');
            for (String v : r.firstViolations()) {
                b.append("    ").append(v).append('\n');
            }
        }
        return b.toString();
    }
}
