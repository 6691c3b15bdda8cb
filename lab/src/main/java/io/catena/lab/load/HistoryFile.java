package io.catena.lab.load;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.check.HistoryWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a client-observed history in the JSON-lines history format the simulator also writes,
 * for {@code catena check}: the header of format 2, then every transaction.
 */
public final class HistoryFile {

    private HistoryFile() {
    }

    public static void write(HistoryHeader header, List<HistoryEvent> history, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8); HistoryWriter hw = new HistoryWriter(w)) {
            hw.writeHeader(header);
            for (HistoryEvent e : history) {
                hw.write(e);
            }
        }
    }
}
