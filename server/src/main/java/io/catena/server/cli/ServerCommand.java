package io.catena.server.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The runtime's {@code catena}: what a node process runs, and all that its distribution carries.
 * The lab's {@code catena} offers the same {@code region} and {@code node} commands beside the demo and benchmarks.
 */
@Command(name = "catena", mixinStandardHelpOptions = true, version = "catena 0.1",
        description = "Serializable multi-key transactions across geo-replicated stores: the runtime.",
        subcommands = {RegionCommand.class, NodeCommand.class, CommandLine.HelpCommand.class})
public final class ServerCommand {

    private ServerCommand() {
    }

    public static void main(String[] args) {
        CommandLines.main(ServerCommand.class, args);
    }
}
