package io.catena.lab.fault;

import io.catena.lab.report.Check;
import java.util.List;

/**
 * What a scenario found beyond the common checks: lines for the report (figures such as failover
 * times), and checks of its own.
 */
public record ScenarioFindings(List<String> lines, List<Check> checks) {

    static final ScenarioFindings NONE = new ScenarioFindings(List.of(), List.of());

    public ScenarioFindings {
        lines = List.copyOf(lines);
        checks = List.copyOf(checks);
    }
}
