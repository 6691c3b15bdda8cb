package io.catena.chainserver;

import io.catena.core.data.Row;
import io.catena.core.exec.PartitionView;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;

/**
 * Records what a hop read while it ran speculatively, so that the decided execution can tell
 * whether the speculative result is still valid: a deterministic hop that reads the same values
 * (and receives the same carried values) takes the same path and produces the same outcome.
 */
final class ReadLog implements PartitionView {

    private final PartitionView delegate;
    private final List<Object[]> entries = new ArrayList<>(2);

    ReadLog(PartitionView delegate) {
        this.delegate = delegate;
    }

    @Override
    public Row read(String clustering) {
        Row r = delegate.read(clustering);
        entries.add(new Object[] {clustering, r});
        return r;
    }

    @Override
    public SortedMap<String, Row> scan(String from, String to) {
        SortedMap<String, Row> rows = delegate.scan(from, to);
        entries.add(new Object[] {from, to, rows});
        return rows;
    }

    /** Whether every read gives the same answer against {@code view}. */
    boolean sameAgainst(PartitionView view) {
        for (Object[] e : entries) {
            if (e.length == 2) {
                if (!Objects.equals(view.read((String) e[0]), e[1])) {
                    return false;
                }
            } else if (!view.scan((String) e[0], (String) e[1]).equals(e[2])) {
                return false;
            }
        }
        return true;
    }
}
