package io.catena.server.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/** Log levels for commands whose own output (a progress bar, a table) should not be interleaved with logs. */
final class Logging {

    private Logging() {
    }

    /** With {@code quiet}, only warnings and errors of Catena's own loggers are shown. */
    static void quiet(boolean quiet) {
        level(quiet ? "WARN" : "INFO");
    }

    /** Sets the level of Catena's own loggers, by name (DEBUG, INFO, WARN). */
    static void level(String name) {
        Logger catena = (Logger) LoggerFactory.getLogger("io.catena");
        catena.setLevel(Level.toLevel(name, Level.INFO));
    }
}
