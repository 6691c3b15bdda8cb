package io.catena.server.cli;

import io.catena.server.config.ServerConfig;
import io.catena.wire.ProcessRole;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code catena node}: one process of a region whose nodes run in several, until it is stopped. */
@Command(name = "node", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run one process of a region: --role coordinator runs its coordinator and resolver, listening "
                + "at the region's address for peer regions and clients (and its chain servers too, when its file "
                + "lists no chainServers: then it is catena region); --role chain-server --index N runs chain server "
                + "N at the address its file lists in regions[].chainServers, on its own connection to the region's "
                + "store (on the embedded store, its own journal). A chain-server process that loses a connection "
                + "with its region restarts its chain server, which the coordinator then resyncs. Runs until "
                + "interrupted (Ctrl-C or SIGTERM).",
                "The file format and every default: deploy/local/README.md."})
public final class NodeCommand implements Callable<Integer> {

    /** What a node process runs. */
    enum Role {
        COORDINATOR,
        CHAIN_SERVER
    }

    @Mixin
    ProcessOptions options;

    @Option(names = "--role", required = true, paramLabel = "ROLE", converter = RoleConverter.class,
            description = "coordinator or chain-server")
    Role role;

    @Option(names = "--index", paramLabel = "N", description = "with --role chain-server: which chain server, from "
            + "0; with --role coordinator in a region with standbys: which coordinator process, 0 at the region's "
            + "address, then its standbys from 1")
    Integer index;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ServerConfig settings = options.load();
        if (role == Role.COORDINATOR && settings.self().hasStandbys()) {
            return options.runCandidate(settings, index == null ? 0 : index, spec.commandLine().getOut());
        }
        return options.run(settings, processRole(), spec.commandLine().getOut());
    }

    private ProcessRole processRole() {
        if (role == Role.COORDINATOR) {
            if (index != null) {
                throw new IllegalArgumentException("--index with --role coordinator names one of the region's "
                        + "coordinator processes, but this region lists no standbys; leave --index out");
            }
            return ProcessRole.COORDINATOR;
        }
        if (index == null || index < 0) {
            throw new IllegalArgumentException("--role chain-server needs --index N, the chain server's position in "
                    + "its region's chainServers list, from 0");
        }
        return ProcessRole.chainServer(index);
    }

    /** Reads {@code coordinator} and {@code chain-server}. */
    static final class RoleConverter implements picocli.CommandLine.ITypeConverter<Role> {
        @Override
        public Role convert(String value) {
            return switch (value) {
                case "coordinator" -> Role.COORDINATOR;
                case "chain-server" -> Role.CHAIN_SERVER;
                default -> throw new picocli.CommandLine.TypeConversionException("'" + value
                        + "' is not a role; use coordinator or chain-server");
            };
        }
    }
}
