package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrowserLauncherTest {

    @TempDir
    Path dir;

    private final StringWriter printed = new StringWriter();
    private final PrintWriter out = new PrintWriter(printed);
    private final List<List<String>> started = new ArrayList<>();

    private Path report() {
        return dir.resolve("report.html");
    }

    @Test
    void theDesktopIsTriedFirstAndThePathAlwaysPrinted() {
        BrowserLauncher launcher = new BrowserLauncher(uri -> true, Optional.of(Path.of("/usr/bin/xdg-open")),
                started::add);
        assertThat(launcher.open(report(), out)).isEqualTo(BrowserLauncher.Result.DESKTOP);
        assertThat(started).isEmpty();
        assertThat(printed.toString()).isEqualTo("report: " + report().toUri() + System.lineSeparator());
        assertThat(printed.toString()).startsWith("report: file:/");
    }

    @Test
    void withoutADesktopTheOpenerCommandGetsTheFileUri() {
        BrowserLauncher launcher = new BrowserLauncher(uri -> false, Optional.of(Path.of("/usr/bin/xdg-open")),
                started::add);
        assertThat(launcher.open(report(), out)).isEqualTo(BrowserLauncher.Result.COMMAND);
        assertThat(started).containsExactly(List.of(Path.of("/usr/bin/xdg-open").toString(), report().toUri().toString()));
    }

    @Test
    void failuresFallThroughToThePrintedPathAndNeverEscape() {
        BrowserLauncher launcher = new BrowserLauncher(uri -> {
            throw new UnsupportedOperationException("no browser");
        }, Optional.of(Path.of("/nowhere/xdg-open")), command -> {
            throw new IOException("cannot run");
        });
        assertThat(launcher.open(report(), out)).isEqualTo(BrowserLauncher.Result.PATH_ONLY);
        BrowserLauncher linkageTrouble = new BrowserLauncher(uri -> {
            throw new UnsatisfiedLinkError("no libawt");
        }, Optional.empty(), started::add);
        assertThat(linkageTrouble.open(report(), out)).isEqualTo(BrowserLauncher.Result.PATH_ONLY);
        assertThat(printed.toString().lines()).hasSize(2).allMatch(l -> l.startsWith("report: file:/"));
    }

    @Test
    void theOpenerIsFoundOnlyAsAnExecutableOnThePath() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path other = Files.createDirectories(dir.resolve("other"));
        Path opener = Files.createFile(bin.resolve("xdg-open"));
        Files.createFile(other.resolve("xdg-open"));
        String path = other + File.pathSeparator + File.pathSeparator + bin;
        assertThat(BrowserLauncher.findOnPath("xdg-open", path)).isEmpty();
        assertThat(opener.toFile().setExecutable(true)).isTrue();
        assertThat(BrowserLauncher.findOnPath("xdg-open", path)).contains(opener);
        assertThat(BrowserLauncher.findOnPath("xdg-open", null)).isEmpty();
        assertThat(BrowserLauncher.findOnPath("missing", path)).isEmpty();
    }
}
