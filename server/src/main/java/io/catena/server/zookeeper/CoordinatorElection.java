package io.catena.server.zookeeper;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.curator.framework.recipes.leader.Participant;
import org.apache.curator.framework.state.ConnectionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One candidate for a region's coordinator: its processes all run one, the elected one leads and
 * the others wait as standbys. Each leader starts a <em>term</em> whose number only grows
 * ({@link LeaderTerms}), so that what an old leader still sends or writes after its successor
 * started can be told apart and refused.
 *
 * <p>Built on Curator's {@link LeaderLatch} with its standard error policy, so a connection to
 * ZooKeeper that is merely SUSPENDED ends the leadership at once rather than when the session
 * expires: a leader cut off from ZooKeeper cannot know whether its session, and so its latch,
 * still holds. The latch is known to let two processes believe they lead around a reconnection
 * (CURATOR-653; CURATOR-696, where a session expired while ZooKeeper was down and the old latch
 * node lived on in the client's mind), so a LOST connection also makes this candidate stand again
 * with a new latch. What makes a double leader harmless is the term: each election begins a higher
 * one, and the store refuses the writes of every term but the newest.
 *
 * <p>Threading: the listener is called on this election's own thread, one call at a time, in
 * order; {@link #term()} and {@link #leader()} may be called from any thread.
 */
public final class CoordinatorElection implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CoordinatorElection.class);

    /** What a candidate hears. */
    public interface Listener {

        /** This candidate leads, in {@code term}, until {@link #deposed}. */
        void elected(long term);

        /** This candidate no longer leads {@code term}; {@code why} says what ended it, in words. */
        void deposed(long term, String why);
    }

    private final CuratorFramework client;
    private final String path;
    private final String candidate;
    private final Listener listener;
    private final LeaderTerms terms;
    private final ExecutorService events;
    private LeaderLatch latch;
    /** The term this candidate leads, or 0 while it does not. Written on the events thread. */
    private volatile long term;
    private volatile boolean closed;

    /**
     * @param client    a started client, namespaced to the region (see {@link ZooKeeperClients})
     * @param path      the election's znode, under which candidates queue and the term is kept
     * @param candidate this candidate's name, which the others see as the leader's: its address
     */
    public CoordinatorElection(CuratorFramework client, String path, String candidate, Listener listener) {
        this.client = client;
        this.path = path;
        this.candidate = candidate;
        this.listener = listener;
        this.terms = new LeaderTerms(client, path + "/term");
        this.events = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "catena-election");
            t.setDaemon(true);
            return t;
        });
    }

    /** Joins the election; the listener hears when this candidate is elected. */
    public void start() {
        client.getConnectionStateListenable().addListener((c, state) -> {
            if (state == ConnectionState.LOST) {
                events.execute(() -> rejoin("its ZooKeeper session expired"));
            }
        }, events);
        events.execute(this::join);
    }

    /** The term this candidate leads, if it leads. */
    public OptionalLong term() {
        long t = term;
        return t == 0 ? OptionalLong.empty() : OptionalLong.of(t);
    }

    /** The name of the candidate that leads now, as ZooKeeper sees it, if one does and ZooKeeper answers. */
    public Optional<String> leader() {
        LeaderLatch current = latch;
        if (current == null) {
            return Optional.empty();
        }
        try {
            Participant leader = current.getLeader();
            return leader.isLeader() ? Optional.of(leader.getId()) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /**
     * Gives up leading {@code ended}, if this candidate leads it, and stands again at the back of
     * the queue after a second: for a leader that cannot lead (its term could not claim the store,
     * or a later term claimed it since), which would otherwise be elected again at once while
     * another candidate might do better. Does nothing if the candidate has since moved on to
     * another term, whose leadership a late word about {@code ended} must not end.
     */
    public void standAgain(long ended, String why) {
        events.execute(() -> {
            if (term != ended) {
                return;
            }
            onDeposed(why + ", so it stands again in a second");
            closeLatch();
            rejoinLater();
        });
    }

    private void join() {
        if (closed) {
            return;
        }
        LeaderLatch next = new LeaderLatch(client, path + "/candidates", candidate, LeaderLatch.CloseMode.SILENT);
        next.addListener(new LeaderLatchListener() {
            @Override
            public void isLeader() {
                onElected(next);
            }

            @Override
            public void notLeader() {
                onDeposed("its connection to ZooKeeper was suspended or lost, or its latch was taken");
            }
        }, events);
        latch = next;
        try {
            next.start();
        } catch (Exception e) {
            log.warn("cannot join the coordinators' election at {}: {}; trying again", path, e.getMessage());
            events.execute(this::rejoinLater);
        }
    }

    private void onElected(LeaderLatch elected) {
        if (closed || elected != latch || !elected.hasLeadership()) {
            return;
        }
        long next;
        try {
            next = terms.begin();
        } catch (Exception e) {
            // Leading without a term would let this leader's writes pass for its predecessor's.
            log.warn("elected, but cannot begin a new term at {}: {}; standing again", path, e.getMessage());
            rejoin("it could not begin a term");
            return;
        }
        if (!elected.hasLeadership()) {
            return;
        }
        term = next;
        log.info("{} leads as coordinator in term {}", candidate, next);
        listener.elected(next);
    }

    private void onDeposed(String why) {
        long ended = term;
        if (ended == 0) {
            return;
        }
        term = 0;
        log.warn("{} no longer leads term {}: {}", candidate, ended, why);
        listener.deposed(ended, why);
    }

    /** Leaves the election and stands again, as a new candidate at the back of the queue. */
    private void rejoin(String why) {
        if (closed) {
            return;
        }
        onDeposed(why + ", so it stands again");
        closeLatch();
        join();
    }

    private void rejoinLater() {
        try {
            TimeUnit.SECONDS.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        rejoin("it was not in the election");
    }

    private void closeLatch() {
        LeaderLatch current = latch;
        latch = null;
        if (current != null) {
            try {
                current.close();
            } catch (Exception | Error e) {
                log.debug("closing a leader latch at {}: {}", path, e.getMessage());
            }
        }
    }

    /**
     * Stops taking part without a word to ZooKeeper or the listener, as a killed process would: its
     * latch stays queued until ZooKeeper expires the session it belongs to.
     */
    public void abandon() {
        closed = true;
        events.shutdownNow();
    }

    /** Leaves the election; a leader is deposed first (its listener hears it). */
    @Override
    public void close() {
        if (events.isShutdown()) {
            return;
        }
        closed = true;
        events.execute(() -> {
            onDeposed("it is shutting down");
            closeLatch();
        });
        events.shutdown();
        try {
            if (!events.awaitTermination(10, TimeUnit.SECONDS)) {
                events.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
