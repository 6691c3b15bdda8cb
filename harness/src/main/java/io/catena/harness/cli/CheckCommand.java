package io.catena.harness.cli;

import io.catena.harness.check.CheckReport;
import io.catena.harness.check.ElleExport;
import io.catena.harness.check.HistoryChecker;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryReader;
import io.catena.harness.check.RecordedHistory;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Checks a recorded history file. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Check a JSON-lines history (format: docs/PROTOCOL.md) for isolation anomalies.",
            "With --export elle, write a list-append history as elle-cli's JSON instead of checking it."})
public final class CheckCommand implements Callable<Integer> {

    @Parameters(paramLabel = "HISTORY", description = "the history file")
    Path file;

    @Option(names = "--export", paramLabel = "FORMAT",
            description = "write the history for another checker instead of checking it: elle (list-append only)")
    String export;

    @Option(names = "--out", paramLabel = "FILE", description = "where --export writes (default: standard output)")
    Path exportFile;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no history file at " + file);
        }
        if (export != null && !export.equals("elle")) {
            throw new IllegalArgumentException("--export knows only elle, not " + export);
        }
        if (exportFile != null && export == null) {
            throw new IllegalArgumentException("--out names where --export writes; add --export elle");
        }
        RecordedHistory recorded = HistoryReader.readRecorded(file);
        if (export != null) {
            return exportElle(recorded, out);
        }
        List<HistoryEvent> history = recorded.events();
        CheckReport report = HistoryChecker.of(recorded).check(history);
        out.println("format=" + recorded.format() + " transactions=" + history.size() + " " + report.summaryLine());
        report.examples().forEach(e -> out.println("  " + e));
        return report.valid() ? 0 : 1;
    }

    private int exportElle(RecordedHistory recorded, PrintWriter out) throws IOException {
        ElleExport.requireListAppend(recorded);
        if (exportFile == null) {
            ElleExport.write(recorded, out);
            out.flush();
            return 0;
        }
        try (Writer w = Files.newBufferedWriter(exportFile, StandardCharsets.UTF_8)) {
            ElleExport.write(recorded, w);
        }
        out.println("format=" + recorded.format() + " transactions=" + recorded.events().size()
                + " written for elle-cli (--model list-append) to " + exportFile);
        return 0;
    }
}
