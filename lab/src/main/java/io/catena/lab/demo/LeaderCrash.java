package io.catena.lab.demo;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.lab.report.Check;
import io.catena.lab.report.ConfigFact;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.host.MicrosClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code catena demo --failover}: halfway through the run, crashes the leader coordinator of the
 * cluster's standby region as a {@code kill -9} would, and watches its standby take over. The
 * report then says when the crash came, when the standby led, and when the region's clients got
 * their first commit again (the gap they saw), from the run's own history.
 */
final class LeaderCrash implements AutoCloseable {

    private static final long POLL_MILLIS = 20;

    private final InProcessCluster cluster;
    private final String region;
    private final Duration sessionTimeout;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "catena-failover-drill");
        t.setDaemon(true);
        return t;
    });
    private volatile long crashedMicros;
    private volatile long endedTerm;
    private volatile long ledMicros;
    private volatile long newTerm;
    private volatile String problem;

    LeaderCrash(InProcessCluster cluster, String region, Duration sessionTimeout) {
        this.cluster = cluster;
        this.region = region;
        this.sessionTimeout = sessionTimeout;
    }

    /** Crashes the leader {@code after} from now, then waits for its successor. */
    void schedule(Duration after) {
        timer.schedule(this::crash, after.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void crash() {
        try {
            crashedMicros = MicrosClock.system().nowMicros();
            endedTerm = cluster.crashLeader();
            timer.scheduleWithFixedDelay(this::watch, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            problem = e.getMessage();
        }
    }

    private void watch() {
        cluster.leader().filter(c -> c.runtime().isPresent()).ifPresent(c -> {
            if (ledMicros == 0) {
                newTerm = c.term();
                ledMicros = MicrosClock.system().nowMicros();
            }
        });
    }

    /** What the report says of the failover; {@code history} is the run's, {@code startMicros} its start. */
    List<ConfigFact> facts(List<HistoryEvent> history, long startMicros) {
        List<ConfigFact> facts = new ArrayList<>();
        if (crashedMicros == 0) {
            facts.add(new ConfigFact("failover", problem == null ? "the run ended before the crash" : problem));
            return facts;
        }
        facts.add(new ConfigFact("failover: crash", String.format(Locale.ROOT, "%s's leader (term %d) at %.1f s, "
                + "as by kill -9; ZooKeeper session timeout %d s", region, endedTerm,
                (crashedMicros - startMicros) / 1e6, sessionTimeout.toSeconds())));
        facts.add(new ConfigFact("failover: takeover", ledMicros == 0 ? "no standby led by the end of the run"
                : String.format(Locale.ROOT, "the standby led in term %d, %d ms after the crash", newTerm,
                        (ledMicros - crashedMicros) / 1000)));
        long firstCommit = firstCommitAfterTakeover(history);
        facts.add(new ConfigFact("failover: gap", firstCommit == 0 ? "no commit in " + region + " after the takeover"
                : String.format(Locale.ROOT, "%s's clients got their first commit from the new leader %d ms after "
                        + "the crash", region, (firstCommit - crashedMicros) / 1000)));
        long unknown = history.stream().filter(e -> e.region().equals(region) && e.outcome() == TxnOutcome.UNKNOWN)
                .count();
        facts.add(new ConfigFact("failover: outcome unknown", unknown + " of " + region + "'s transactions"));
        return facts;
    }

    /** Whether the standby took over and the region committed again. */
    Check check(List<HistoryEvent> history) {
        return new Check("failover: " + region + "'s standby took over from its crashed leader and committed",
                ledMicros > 0 && newTerm > endedTerm && firstCommitAfterTakeover(history) > 0);
    }

    /**
     * When the region's clients first saw a commit answered by the new leader: answers the old one
     * sent just before it died may still arrive after the crash, so count from the takeover on.
     */
    private long firstCommitAfterTakeover(List<HistoryEvent> history) {
        if (ledMicros == 0) {
            return 0;
        }
        return history.stream()
                .filter(e -> e.region().equals(region) && e.outcome() == TxnOutcome.COMMITTED)
                .filter(e -> e.completeMicros() != null && e.completeMicros() >= ledMicros - POLL_MILLIS * 1000)
                .mapToLong(HistoryEvent::completeMicros).min().orElse(0);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
