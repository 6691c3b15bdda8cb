package io.catena.server.cli;

import io.catena.server.config.ServerConfig;
import io.catena.wire.ProcessRole;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code catena region}: one region's nodes in this process, until it is stopped. */
@Command(name = "region", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run one region of a multi-process cluster: its coordinator, resolver and chain servers (or, "
                + "with protocol.algorithm: 2pl, occ or helios, that protocol's one node) on the store its file names, "
                + "listening for peer regions and clients, with Prometheus metrics and /health if the file gives a "
                + "metrics address. Runs until interrupted (Ctrl-C or SIGTERM). A region whose file lists "
                + "chainServers runs as several processes: start each with catena node.",
                "The file format and every default: deploy/local/README.md."})
public final class RegionCommand implements Callable<Integer> {

    @Mixin
    ProcessOptions options;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ServerConfig settings = options.load();
        if (settings.split() || settings.self().hasStandbys()) {
            int processes = settings.self().coordinators().size() + settings.self().chainServers().size();
            throw new IllegalArgumentException("region " + settings.region() + " lists processes of its own (standbys "
                    + "or chainServers), so it runs as " + processes + " processes: start them with "
                    + options.nodeCommands(settings));
        }
        return options.run(settings, ProcessRole.COORDINATOR, spec.commandLine().getOut());
    }
}
