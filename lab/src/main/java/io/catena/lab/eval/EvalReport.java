package io.catena.lab.eval;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What an evaluation command hands back once its runs are done, whatever it measured: the files
 * it writes, the table it prints, and whether every run passed its checks (the command's exit
 * status).
 */
public interface EvalReport {

    /** Writes the CSV file and the charts into {@code dir}; returns the files written. */
    List<Path> write(Path dir) throws IOException;

    /** The results as a text table, ready to print. */
    String table();

    /** Whether every run's checks passed. */
    boolean allChecksPassed();
}
