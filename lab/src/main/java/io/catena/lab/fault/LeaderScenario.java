package io.catena.lab.fault;

import io.catena.harness.check.HistoryEvent;
import java.util.List;

/**
 * A scenario that takes the first region's leader coordinator away while a standby waits: it
 * runs on that cluster, and reports each failover's figures ({@link Failovers}).
 */
abstract class LeaderScenario implements FaultScenario {

    @Override
    public ClusterLayout layout(ClusterLayout base) {
        return base.withStandbyFirst();
    }

    @Override
    public ScenarioFindings findings(List<HistoryEvent> history, List<FaultMark> marks) {
        return Failovers.of(history, marks, ThreeRegionProcesses.REGIONS.get(0));
    }
}
