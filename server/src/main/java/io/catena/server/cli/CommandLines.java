package io.catena.server.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;

/** How every catena command line runs: usage when bare, one sentence on bad input, traces on request. */
public final class CommandLines {

    private CommandLines() {
    }

    /**
     * Runs {@code args} against the top-level {@code command} class. Bad input — an unknown flag, a
     * missing file, an unreachable peer — gives one sentence and a non-zero exit; the stack trace
     * only with {@code --verbose}.
     */
    public static int execute(Class<?> command, String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(command);
        cl.setOut(out);
        cl.setErr(err);
        boolean verbose = Arrays.asList(args).contains("-v") || Arrays.asList(args).contains("--verbose");
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            err.println(cl.getCommandName() + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
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

    /** Runs {@code args} on the process's standard streams and exits with the command's status. */
    public static void main(Class<?> command, String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int status = execute(command, args, out, err);
        out.flush();
        err.flush();
        System.exit(status);
    }
}
