package io.catena.tpcc.check;

import java.util.ArrayList;
import java.util.List;

/** One condition's counts while a check runs; keeps the first violations only. Not thread-safe. */
final class ConditionTally {

    /** Violations kept per condition: enough to see a pattern, few enough to read. */
    static final int SHOWN = 5;

    private final TpccCondition condition;
    private final List<String> shown = new ArrayList<>(SHOWN);
    private long checked;
    private long violations;
    private boolean notApplicable;

    ConditionTally(TpccCondition condition) {
        this.condition = condition;
    }

    void checked(long items) {
        checked += items;
    }

    void violated(String sentence) {
        violations++;
        if (shown.size() < SHOWN) {
            shown.add(sentence);
        }
    }

    void notApplicable() {
        notApplicable = true;
    }

    ConditionResult result() {
        if (notApplicable) {
            return new ConditionResult(condition, ConditionStatus.NOT_APPLICABLE, 0, 0, List.of());
        }
        ConditionStatus status = violations == 0 ? ConditionStatus.PASSED : ConditionStatus.FAILED;
        return new ConditionResult(condition, status, checked, violations, shown);
    }
}
