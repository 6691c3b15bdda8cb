package io.catena.lab.demo;

import java.nio.file.Path;

/**
 * What {@code catena demo}, {@code catena bench} or a point of {@code catena eval} runs, wherever
 * the regions are.
 *
 * @param command     the command's name, for the report's title
 * @param load        the workload and its clients, for how long
 * @param historyOut  where to write the client-observed history, or null
 * @param report      where to write the HTML report, or null for none
 * @param openBrowser whether to try to open the report in a browser
 * @param storeFloor  whether to measure, after the run, what the regions' store servers take with no
 *                    protocol at all (only regions this run started on Cassandra or HBase have any)
 */
public record DemoOptions(String command, LoadOptions load, Path historyOut, Path report, boolean openBrowser,
                          boolean storeFloor) {

    /** A run that writes nothing but its output: no history, no report, no store floor. */
    public static DemoOptions measureOnly(String command, LoadOptions load) {
        return new DemoOptions(command, load, null, null, false, false);
    }
}
