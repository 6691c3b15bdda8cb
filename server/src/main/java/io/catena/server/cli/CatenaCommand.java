package io.catena.server.cli;

import io.catena.simulation.cli.CheckCommand;
import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code catena}: the multi-region demo, a region process, the benchmark drivers (TPC-C too) and the checker. */
@Command(name = "catena", mixinStandardHelpOptions = true, version = "catena 0.1",
        description = "Serializable multi-key transactions across geo-replicated stores (the Catenae protocol).",
        subcommands = {DemoCommand.class, RegionCommand.class, BenchCommand.class, TpccCommand.class, EvalCommand.class, GetCommand.class,
                CheckCommand.class, CommandLine.HelpCommand.class})
public final class CatenaCommand {

    private CatenaCommand() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int status = execute(args, out, err);
        out.flush();
        err.flush();
        System.exit(status);
    }

    /**
     * Runs the command line. Bad input — an unknown flag, a missing file, an unreachable peer —
     * gives one sentence and a non-zero exit; the stack trace only with {@code --verbose}.
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(CatenaCommand.class);
        cl.setOut(out);
        cl.setErr(err);
        boolean verbose = Arrays.asList(args).contains("-v") || Arrays.asList(args).contains("--verbose");
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            err.println("catena: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
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
