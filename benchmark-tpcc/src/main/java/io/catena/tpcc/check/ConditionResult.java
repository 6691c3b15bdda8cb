package io.catena.tpcc.check;

import java.util.List;

/**
 * One condition's outcome.
 *
 * @param condition       which condition
 * @param status          passed, failed or not applicable
 * @param checked         how many items (warehouses, districts, orders, lines or customers, as the
 *                        condition goes) were checked; 0 when not applicable
 * @param violations      how many violations were found
 * @param firstViolations the first few of them, one sentence each, naming warehouse and district
 */
public record ConditionResult(TpccCondition condition, ConditionStatus status, long checked, long violations,
                              List<String> firstViolations) {

    public ConditionResult {
        firstViolations = List.copyOf(firstViolations);
    }

    public int number() {
        return condition.number();
    }

    public String name() {
        return condition.title();
    }

    /** One line without the violations, e.g. {@code 9 D_YTD = sum(H_AMOUNT): FAILED (1 violations in 20 checked)}. */
    public String summary() {
        String counts = switch (status) {
            case PASSED -> checked + " checked";
            case FAILED -> violations + " violations in " + checked + " checked";
            case NOT_APPLICABLE -> "not applicable";
        };
        return number() + " " + name() + ": " + status + " (" + counts + ")";
    }
}
