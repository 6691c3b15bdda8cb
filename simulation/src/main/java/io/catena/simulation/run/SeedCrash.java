package io.catena.simulation.run;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * A seed whose run threw instead of ending: the simulator's own failure, or a protocol node's.
 * Reported with its seed like any failing seed, so that it can be replayed.
 *
 * @param seed  the seed that crashed
 * @param cause what it threw
 */
public record SeedCrash(long seed, Throwable cause) {

    /** One line: the seed and the exception. */
    public String line() {
        return "seed=" + seed + " crashed: " + cause;
    }

    /** The first frames of the stack, enough to see where it was thrown. */
    public String stackTop(int frames) {
        StringWriter text = new StringWriter();
        cause.printStackTrace(new PrintWriter(text));
        return text.toString().lines().limit(frames + 1L).reduce((a, b) -> a + "\n" + b).orElse("");
    }
}
