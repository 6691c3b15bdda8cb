package io.catena.core.exec;

import io.catena.core.data.Row;
import java.util.SortedMap;

/** Read access to one partition at one point of its history, as a hop executes against it. */
public interface PartitionView {

    /** The row, or null if absent. */
    Row read(String clustering);

    /** Rows with clustering keys in [from, to), in key order; {@code to} null means unbounded. */
    SortedMap<String, Row> scan(String from, String to);
}
