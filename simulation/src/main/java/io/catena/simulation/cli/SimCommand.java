package io.catena.simulation.cli;

import io.catena.harness.cli.CheckCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code catena-sim}: the deterministic simulator's command line. */
@Command(name = "catena-sim", mixinStandardHelpOptions = true, version = "catena-sim 0.1",
        description = "Seeded multi-region simulator of the Catenae protocol, with a history checker.",
        subcommands = {SweepCommand.class, CheckCommand.class, SpeculationCommand.class, LatencyCommand.class,
            SpeedCommand.class, CommandLine.HelpCommand.class})
public final class SimCommand {

    private SimCommand() {
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line; bad input gives one clear sentence (a stack trace only with -v). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(SimCommand.class);
        cl.setOut(out);
        cl.setErr(err);
        boolean verbose = java.util.Arrays.asList(args).contains("-v") || java.util.Arrays.asList(args).contains("--verbose");
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            err.println("catena-sim: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            if (verbose) {
                e.printStackTrace(err);
            }
            return 2;
        });
        if (args.length == 0) {
            cl.usage(out);
            return 2;
        }
        return cl.execute(args);
    }
}
