package io.catena.lab.fault;

import java.util.List;
import java.util.stream.Collectors;

/** The scenarios {@code catena fault} runs, by name. */
public final class FaultScenarios {

    /** Every scenario, in the order {@code catena fault --help} lists them. */
    public static final List<FaultScenario> ALL = List.of(new CutRegion(), new SlowLink(), new KillChainServer(),
            new KillLeader(), new KillSplitLeader(), new PauseLeader(), new RestartZooKeeper(),
            new RestartStorage(), new LoseStorageNode());

    private FaultScenarios() {
    }

    /** The scenario named {@code name}; an exception listing the names if there is none. */
    public static FaultScenario named(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("no fault scenario '" + name + "': name one of " + names()));
    }

    /** The names, comma-separated. */
    public static String names() {
        return ALL.stream().map(FaultScenario::name).collect(Collectors.joining(", "));
    }
}
