package io.catena.server.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/** Log levels for commands whose own output (a progress bar, a table) should not be interleaved with logs. */
public final class Logging {

    private Logging() {
    }

    /**
     * Store clients log warnings while a local server starts or restarts (refused connections,
     * ZooKeeper retries) that the command itself reports better; quiet runs show only their errors.
     */
    private static final String[] STORE_CLIENTS = {"org.apache", "com.datastax"};

    /**
     * With {@code quiet}, only warnings and errors of Catena's own loggers are shown, and only
     * errors of the store clients.
     */
    public static void quiet(boolean quiet) {
        level(quiet ? "WARN" : "INFO");
        for (String name : STORE_CLIENTS) {
            ((Logger) LoggerFactory.getLogger(name)).setLevel(quiet ? Level.ERROR : null);
        }
    }

    /** Sets the level of Catena's own loggers, by name (DEBUG, INFO, WARN). */
    public static void level(String name) {
        Logger catena = (Logger) LoggerFactory.getLogger("io.catena");
        catena.setLevel(Level.toLevel(name, Level.INFO));
    }
}
