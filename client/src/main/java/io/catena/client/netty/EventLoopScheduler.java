package io.catena.client.netty;

import io.catena.client.spi.Scheduler;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** A connection's clock and timers on its transport's event loop. */
final class EventLoopScheduler implements Scheduler {

    private final EventLoop loop;

    EventLoopScheduler(EventLoop loop) {
        this.loop = loop;
    }

    @Override
    public long nowNanos() {
        return System.nanoTime();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        ScheduledFuture<?> f = loop.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        return () -> f.cancel(false);
    }
}
