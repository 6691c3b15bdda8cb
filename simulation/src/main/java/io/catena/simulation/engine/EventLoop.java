package io.catena.simulation.engine;

import java.util.PriorityQueue;

/**
 * The simulator's only thread of control: events ordered by (time, sequence). Two events at the
 * same time run in the order they were scheduled, so a seed fully determines a run.
 */
public final class EventLoop {

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private final Trace trace;
    private long nowMicros;
    private long sequence;
    private long processed;

    private record Event(long time, long seq, Runnable action) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    public EventLoop(Trace trace) {
        this.trace = trace;
    }

    public long now() {
        return nowMicros;
    }

    public Trace trace() {
        return trace;
    }

    /** Runs {@code action} at {@code timeMicros} (or now, if that is in the past). */
    public void at(long timeMicros, Runnable action) {
        queue.add(new Event(Math.max(timeMicros, nowMicros), sequence++, action));
    }

    public void after(long delayMicros, Runnable action) {
        at(nowMicros + delayMicros, action);
    }

    /** Runs events until the queue is empty or the next one is after {@code endMicros}. */
    public void runUntil(long endMicros) {
        while (!queue.isEmpty() && queue.peek().time <= endMicros) {
            Event e = queue.poll();
            nowMicros = e.time;
            processed++;
            e.action.run();
        }
        nowMicros = Math.max(nowMicros, endMicros);
    }

    public long processed() {
        return processed;
    }

    public int pending() {
        return queue.size();
    }
}
