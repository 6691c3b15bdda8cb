package io.catena.lab.report;

import java.awt.Desktop;
import java.awt.GraphicsEnvironment;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.ProcessBuilder.Redirect;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Opens a written report in a browser if it can, and always prints where the report is.
 *
 * <p>It tries, in order: the desktop's default browser through {@link Desktop} (not in a headless
 * JVM), then the platform's opener command if it is on the {@code PATH} ({@code open} on macOS,
 * {@code xdg-open} elsewhere). Whatever happens, {@link #open} never throws: a report that did not
 * pop up must not fail the run that produced it.
 */
public final class BrowserLauncher {

    /** How a report was shown. */
    public enum Result {
        /** Handed to the desktop's default browser. */
        DESKTOP,
        /** Handed to the platform's opener command. */
        COMMAND,
        /** Not opened; only its path was printed. */
        PATH_ONLY
    }

    /** Opens a URI with the desktop's browser; false when there is no desktop to ask. */
    @FunctionalInterface
    public interface DesktopBrowser {
        boolean browse(URI uri) throws IOException;
    }

    /** Starts a command without waiting for it. */
    @FunctionalInterface
    public interface CommandStarter {
        void start(List<String> command) throws IOException;
    }

    private final DesktopBrowser desktop;
    private final Optional<Path> opener;
    private final CommandStarter starter;

    /**
     * @param desktop the desktop browser, or one that returns false where there is none
     * @param opener  the opener command to fall back on, if there is one
     * @param starter how to start the opener command
     */
    public BrowserLauncher(DesktopBrowser desktop, Optional<Path> opener, CommandStarter starter) {
        this.desktop = desktop;
        this.opener = opener;
        this.starter = starter;
    }

    /** A launcher for this machine: its desktop, and its opener command if found on the {@code PATH}. */
    public static BrowserLauncher forThisMachine() {
        String command = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac") ? "open"
                : "xdg-open";
        return new BrowserLauncher(BrowserLauncher::browseWithDesktop,
                findOnPath(command, System.getenv("PATH")), BrowserLauncher::startDetached);
    }

    /**
     * Prints {@code report: file:///...} to {@code out} and tries to open the file in a browser.
     * Never throws.
     */
    public Result open(Path report, PrintWriter out) {
        URI uri = report.toAbsolutePath().normalize().toUri();
        out.println("report: " + uri);
        out.flush();
        try {
            if (desktop.browse(uri)) {
                return Result.DESKTOP;
            }
        } catch (Exception | LinkageError e) {
            // No usable desktop (no AWT, no browser registered, a security manager): try the command.
        }
        if (opener.isPresent()) {
            try {
                starter.start(List.of(opener.get().toString(), uri.toString()));
                return Result.COMMAND;
            } catch (Exception e) {
                // The command is there but would not start; the printed path is all we can offer.
            }
        }
        return Result.PATH_ONLY;
    }

    /** The executable {@code command} in one of the directories of {@code path}, if any. */
    static Optional<Path> findOnPath(String command, String path) {
        if (path == null || path.isBlank()) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            try {
                Path candidate = Path.of(dir, command);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            } catch (RuntimeException e) {
                // A PATH entry that is not a valid path on this system cannot hold the command.
            }
        }
        return Optional.empty();
    }

    private static boolean browseWithDesktop(URI uri) throws IOException {
        if (GraphicsEnvironment.isHeadless() || !Desktop.isDesktopSupported()) {
            return false;
        }
        Desktop d = Desktop.getDesktop();
        if (!d.isSupported(Desktop.Action.BROWSE)) {
            return false;
        }
        d.browse(uri);
        return true;
    }

    private static void startDetached(List<String> command) throws IOException {
        // The opener's chatter must not mix into the run's output, and nobody waits for it.
        new ProcessBuilder(command).redirectOutput(Redirect.DISCARD).redirectError(Redirect.DISCARD).start();
    }
}
