package io.catena.client.fake;

import io.catena.client.spi.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A scheduler whose clock moves only when a test says so. {@link #advance} runs every task that
 * falls due, in time order (ties in scheduling order), with the clock set to each task's time.
 * Thread-safe; tasks run on the thread that advances the clock, outside the scheduler's lock.
 */
public final class ManualScheduler implements Scheduler {

    private final PriorityQueue<Task> queue = new PriorityQueue<>();
    private long nowNanos;
    private long sequence;

    private static final class Task implements Comparable<Task> {
        final long dueNanos;
        final long seq;
        final Runnable body;
        volatile boolean cancelled;

        Task(long dueNanos, long seq, Runnable body) {
            this.dueNanos = dueNanos;
            this.seq = seq;
            this.body = body;
        }

        @Override
        public int compareTo(Task o) {
            int c = Long.compare(dueNanos, o.dueNanos);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    @Override
    public synchronized long nowNanos() {
        return nowNanos;
    }

    @Override
    public synchronized Cancellable schedule(long delayNanos, Runnable task) {
        Task t = new Task(nowNanos + Math.max(0, delayNanos), sequence++, task);
        queue.add(t);
        return () -> t.cancelled = true;
    }

    /** Moves the clock forward, running what falls due on the way. */
    public void advance(Duration by) {
        long target;
        synchronized (this) {
            target = nowNanos + by.toNanos();
        }
        while (true) {
            Task next;
            synchronized (this) {
                next = queue.peek();
                if (next == null || next.dueNanos > target) {
                    nowNanos = target;
                    return;
                }
                queue.poll();
                nowNanos = next.dueNanos;
            }
            if (!next.cancelled) {
                next.body.run();
            }
        }
    }

    /** Runs what is due now without moving the clock. */
    public void runDue() {
        advance(Duration.ZERO);
    }

    /** The due times of the tasks still waiting and not cancelled, in order, relative to now. */
    public synchronized List<Duration> pendingDelays() {
        List<Task> live = new ArrayList<>(queue);
        live.removeIf(t -> t.cancelled);
        live.sort(null);
        List<Duration> out = new ArrayList<>();
        for (Task t : live) {
            out.add(Duration.ofNanos(t.dueNanos - nowNanos));
        }
        return out;
    }
}
