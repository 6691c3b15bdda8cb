package io.catena.simulation.cli;

import io.catena.simulation.check.CheckReport;
import io.catena.simulation.check.HistoryChecker;
import io.catena.simulation.check.HistoryEvent;
import io.catena.simulation.check.HistoryReader;
import io.catena.simulation.check.RecordedHistory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Checks a recorded history file. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check a JSON-lines history (format: docs/PROTOCOL.md) for isolation anomalies.")
public final class CheckCommand implements Callable<Integer> {

    @Parameters(paramLabel = "HISTORY", description = "the history file")
    Path file;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no history file at " + file);
        }
        RecordedHistory recorded = HistoryReader.readRecorded(file);
        List<HistoryEvent> history = recorded.events();
        CheckReport report = HistoryChecker.of(recorded).check(history);
        out.println("format=" + recorded.format() + " transactions=" + history.size() + " " + report.summaryLine());
        report.examples().forEach(e -> out.println("  " + e));
        return report.valid() ? 0 : 1;
    }
}
