package io.catena.tpcc.check;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;

/** Every condition's tally during one check. Used by the checking thread only. */
final class Findings {

    private final EnumMap<TpccCondition, ConditionTally> tallies = new EnumMap<>(TpccCondition.class);

    Findings() {
        for (TpccCondition c : TpccCondition.values()) {
            tallies.put(c, new ConditionTally(c));
        }
    }

    /** Counts {@code items} more items checked against {@code condition}. */
    void checked(TpccCondition condition, long items) {
        tallies.get(condition).checked(items);
    }

    /** Records a violation of {@code condition}, described in one sentence. */
    void violated(TpccCondition condition, String sentence) {
        tallies.get(condition).violated(sentence);
    }

    void notApplicable(TpccCondition condition) {
        tallies.get(condition).notApplicable();
    }

    ConsistencyReport report() {
        List<ConditionResult> results = new ArrayList<>();
        for (ConditionTally t : tallies.values()) {
            results.add(t.result());
        }
        return new ConsistencyReport(results);
    }
}
