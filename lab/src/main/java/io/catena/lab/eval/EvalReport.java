package io.catena.lab.eval;

import io.catena.lab.report.svg.SvgChart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an evaluation command hands back once its runs are done, whatever it measured: a CSV
 * file, charts, the table it prints, and whether every run passed its checks (the command's exit
 * status).
 */
public interface EvalReport {

    /** The file name stem, e.g. {@code fig5-micro}. */
    String figure();

    /** Every measured row, with a header line. */
    String csv();

    /** The charts by the name their file ends in, e.g. {@code rw-uniform-latency}, in the order they are written. */
    Map<String, SvgChart> charts();

    /** The results as a text table, ready to print. */
    String table();

    /** Whether every run's checks passed. */
    boolean allChecksPassed();

    /** Writes {@code <figure>.csv} and {@code <figure>-<chart>.svg} into {@code dir}; returns the files written. */
    default List<Path> write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        Path csv = dir.resolve(figure() + ".csv");
        Files.writeString(csv, csv(), StandardCharsets.UTF_8);
        written.add(csv);
        for (Map.Entry<String, SvgChart> chart : charts().entrySet()) {
            Path file = dir.resolve(figure() + "-" + chart.getKey() + ".svg");
            Files.writeString(file, chart.getValue().renderDocument(), StandardCharsets.UTF_8);
            written.add(file);
        }
        return written;
    }
}
