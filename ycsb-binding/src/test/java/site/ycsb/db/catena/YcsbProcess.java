package site.ycsb.db.catena;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a Java main class of this module's class path in a child JVM, as a user's shell would, and keeps what it printed. */
final class YcsbProcess {

    private static final long TIMEOUT_SECONDS = 120;

    private YcsbProcess() {
    }

    /** YCSB's own Client with {@code args}. */
    static YcsbOutput client(List<String> args) throws IOException, InterruptedException {
        return run(YcsbPhase.command(args));
    }

    /** {@code ycsb-catena} ({@link YcsbCatena}) with {@code args}. */
    static YcsbOutput ycsbCatena(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(YcsbPhase.command(List.of()));
        command.set(command.size() - 1, YcsbCatena.class.getName());
        command.addAll(args);
        return run(command);
    }

    private static YcsbOutput run(List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("ycsb", ".out");
        Path err = Files.createTempFile("ycsb", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("YCSB did not finish within " + TIMEOUT_SECONDS + " s: " + command
                        + "\n" + Files.readString(out) + "\n" + Files.readString(err));
            }
            return new YcsbOutput(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
