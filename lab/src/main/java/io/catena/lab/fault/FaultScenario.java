package io.catena.lab.fault;

import io.catena.harness.check.HistoryEvent;
import java.util.List;

/**
 * One scripted fault of {@code catena fault}: what cluster it needs, and how it breaks and heals
 * it while {@link FaultRun} keeps the bank workload running, records the history and, after the
 * scenario returns, checks it. A new scenario is one class implementing this and one entry in
 * {@link FaultScenarios#ALL}; one that needs more processes (coordinator standbys, ZooKeeper)
 * asks for them through {@link #layout}.
 *
 * <p>Threading: {@link #run} is called once, on the run's thread; the load runs on its own.
 */
public interface FaultScenario {

    /** The name {@code catena fault} knows it by, e.g. {@code cut-region}. */
    String name();

    /** One line for {@code catena fault --help}: what breaks, and what heals it. */
    String description();

    /** The cluster this scenario runs on, from the one the options describe. */
    default ClusterLayout layout(ClusterLayout base) {
        return base;
    }

    /**
     * Breaks the cluster of {@code context}, holds the fault for the options' time, and heals it;
     * marks each step ({@link FaultContext#faultStarted}, {@link FaultContext#healed}) as it is
     * taken, and returns once every process is healthy again. An exception fails the run's checks;
     * the run still drains its load and audits the cluster.
     */
    void run(FaultContext context) throws Exception;

    /**
     * What the report says of this scenario beyond the timeline and the common checks, from the
     * run's {@code history} and the scenario's {@code marks}; nothing by default.
     */
    default ScenarioFindings findings(List<HistoryEvent> history, List<FaultMark> marks) {
        return ScenarioFindings.NONE;
    }
}
