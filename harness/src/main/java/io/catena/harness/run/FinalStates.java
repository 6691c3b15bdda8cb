package io.catena.harness.run;

import io.catena.harness.check.FinalLists;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run's regions held at its end, as its check compared them: the final list of every list
 * key ({@link FinalLists#NONE} for a workload without lists) and the balance of every account
 * (empty without a bank), per region. No history file holds them.
 */
public record FinalStates(FinalLists lists, Map<String, Map<String, Long>> balances) {

    public FinalStates {
        balances = Collections.unmodifiableMap(new LinkedHashMap<>(balances));
    }
}
