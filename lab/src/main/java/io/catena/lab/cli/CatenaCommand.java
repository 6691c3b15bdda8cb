package io.catena.lab.cli;

import io.catena.harness.cli.CheckCommand;
import io.catena.server.cli.CommandLines;
import io.catena.server.cli.NodeCommand;
import io.catena.server.cli.RegionCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code catena}: the multi-region demo, a region process (or one process of a split region), the benchmark drivers (TPC-C too), the fault scenarios and the checker. */
@Command(name = "catena", mixinStandardHelpOptions = true, version = "catena 0.1",
        description = "Serializable multi-key transactions across geo-replicated stores (the Catenae protocol).",
        subcommands = {DemoCommand.class, RegionCommand.class, NodeCommand.class, BenchCommand.class, TpccCommand.class, EvalCommand.class, GetCommand.class,
                FaultCommand.class, CheckCommand.class, CommandLine.HelpCommand.class})
public final class CatenaCommand {

    private CatenaCommand() {
    }

    public static void main(String[] args) {
        CommandLines.main(CatenaCommand.class, args);
    }

    /** Runs the command line; see {@link CommandLines#execute}. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return CommandLines.execute(CatenaCommand.class, args, out, err);
    }
}
