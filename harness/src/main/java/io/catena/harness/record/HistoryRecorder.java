package io.catena.harness.record;

import io.catena.harness.check.HistoryEvent;
import java.util.ArrayList;
import java.util.List;

/** Collects what every client of a run observed, in completion order. */
public final class HistoryRecorder {

    private final List<HistoryEvent> events = new ArrayList<>();

    public void add(HistoryEvent event) {
        events.add(event);
    }

    public List<HistoryEvent> events() {
        return events;
    }
}
