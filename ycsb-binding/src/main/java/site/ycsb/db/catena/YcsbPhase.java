package site.ycsb.db.catena;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.Client;

/**
 * One phase of YCSB, YCSB's own {@code site.ycsb.Client} in a child JVM on this JVM's class path.
 * A child, because the Client ends with {@code System.exit}: a process that holds an embedded
 * cluster runs the load and the run phase against it one after the other, each in a child.
 */
final class YcsbPhase {

    private YcsbPhase() {
    }

    /** The command that runs YCSB's Client with {@code ycsbArguments}. */
    static List<String> command(List<String> ycsbArguments) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Client.class.getName()));
        command.addAll(ycsbArguments);
        return command;
    }

    /** Runs the phase with this process's standard streams and returns its exit code. */
    static int run(YcsbArguments phase) throws java.io.IOException, InterruptedException {
        return new ProcessBuilder(command(phase.ycsb())).inheritIO().start().waitFor();
    }
}
