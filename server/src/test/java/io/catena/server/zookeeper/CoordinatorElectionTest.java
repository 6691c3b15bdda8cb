package io.catena.server.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Coordinator candidates of one region on a real ZooKeeper server (Curator's {@link TestingServer},
 * a ZooKeeper server in this JVM): one leads, every new leader begins a higher term, and a leader
 * stops leading as soon as it cannot know whether it still does.
 */
class CoordinatorElectionTest {

    private static final Duration SESSION = Duration.ofSeconds(8);
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private TestingServer zookeeper;
    private final List<Candidate> candidates = new ArrayList<>();

    @BeforeEach
    void startZooKeeper() throws Exception {
        zookeeper = new TestingServer(true);
    }

    @AfterEach
    void stop() throws Exception {
        candidates.forEach(Candidate::close);
        zookeeper.close();
    }

    @Test
    void oneCandidateLeadsAndEverySuccessorBeginsAHigherTerm() throws Exception {
        for (int i = 0; i < 3; i++) {
            candidates.add(new Candidate("coordinator-" + i));
        }
        List<Long> terms = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            assertThat(await(() -> leaders().size() == 1)).as("one leader in round %s", round).isTrue();
            Candidate leader = leaders().get(0);
            long term = leader.election.term().orElseThrow();
            terms.add(term);
            assertThat(candidates.stream().filter(c -> c != leader).allMatch(c -> c.election.term().isEmpty()))
                    .as("the others stand by").isTrue();
            assertThat(await(() -> candidates.get(0).election.leader().equals(Optional.of(leader.name))))
                    .as("every candidate can name the leader").isTrue();
            leader.close();
            candidates.remove(leader);
            assertThat(leader.events).endsWith("deposed " + term);
        }
        assertThat(terms).as("terms only grow").isSorted().doesNotHaveDuplicates().hasSize(3);
    }

    @Test
    void aLeaderCutOffFromZooKeeperStopsLeadingLongBeforeItsSessionWouldExpire() throws Exception {
        candidates.add(new Candidate("coordinator-0"));
        assertThat(await(() -> leaders().size() == 1)).isTrue();
        long first = candidates.get(0).election.term().orElseThrow();

        long stopped = System.nanoTime();
        zookeeper.stop();
        assertThat(await(() -> leaders().isEmpty())).as("deposed while ZooKeeper is down").isTrue();
        Duration deposedAfter = Duration.ofNanos(System.nanoTime() - stopped);
        assertThat(deposedAfter).as("deposed on SUSPENDED, not on the session's expiry").isLessThan(SESSION);

        zookeeper.restart();
        assertThat(await(() -> leaders().size() == 1)).as("leads again once ZooKeeper is back").isTrue();
        assertThat(candidates.get(0).election.term().orElseThrow()).as("in a new term").isGreaterThan(first);
    }

    @Test
    void aLeaderWhoseSessionExpiresIsSucceededAndStandsAgain() throws Exception {
        candidates.add(new Candidate("coordinator-0"));
        assertThat(await(() -> leaders().size() == 1)).isTrue();
        candidates.add(new Candidate("coordinator-1"));
        Candidate old = leaders().get(0);
        Candidate other = candidates.get(1);
        long oldTerm = old.election.term().orElseThrow();
        // The standby must be queued before the leader's session ends, or the old leader, standing
        // again at once, could be first in the queue again.
        assertThat(await(() -> queued(old.client) == 2)).as("both candidates queued").isTrue();

        old.client.getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();
        assertThat(await(() -> other.election.term().isPresent())).as("the standby takes over").isTrue();
        long successor = other.election.term().orElseThrow();
        assertThat(successor).isGreaterThan(oldTerm);
        // The old leader hears of its session's end when its client reconnects, which may come after
        // the standby's election: the window fencing by term exists for.
        assertThat(await(() -> old.events.contains("deposed " + oldTerm))).as("the old leader was deposed: %s",
                old.events).isTrue();

        other.close();
        candidates.remove(other);
        assertThat(await(() -> old.election.term().isPresent())).as("the old leader stood again, and leads")
                .isTrue();
        assertThat(old.election.term().orElseThrow()).isGreaterThan(successor);
    }

    @Test
    void termsSurviveEveryCandidateAndOnlyGrow() throws Exception {
        Candidate first = new Candidate("coordinator-0");
        candidates.add(first);
        assertThat(await(() -> first.election.term().isPresent())).isTrue();
        long before = first.election.term().orElseThrow();
        first.close();
        candidates.remove(first);

        Candidate later = new Candidate("coordinator-9");
        candidates.add(later);
        assertThat(await(() -> later.election.term().isPresent())).isTrue();
        assertThat(later.election.term().orElseThrow()).as("a region's terms are kept in ZooKeeper, not in a process")
                .isEqualTo(before + 1);
        assertThat(new LeaderTerms(later.client, "/coordinator/term").current()).isEqualTo(before + 1);
    }

    private static int queued(CuratorFramework client) {
        try {
            return client.getChildren().forPath("/coordinator/candidates").size();
        } catch (Exception e) {
            return -1;
        }
    }

    private List<Candidate> leaders() {
        return candidates.stream().filter(c -> c.election.term().isPresent()).toList();
    }

    private static boolean await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }

    /** A coordinator process's part in the election: its own client, and what it heard. */
    private final class Candidate implements CoordinatorElection.Listener {

        final String name;
        final CuratorFramework client;
        final CoordinatorElection election;
        final List<String> events = new CopyOnWriteArrayList<>();

        Candidate(String name) {
            this.name = name;
            this.client = ZooKeeperClients.connect(zookeeper.getConnectString(), "test", "us-east", SESSION);
            this.election = new CoordinatorElection(client, "/coordinator", name, this);
            election.start();
        }

        @Override
        public void elected(long term) {
            events.add("elected " + term);
        }

        @Override
        public void deposed(long term, String why) {
            events.add("deposed " + term);
        }

        void close() {
            election.close();
            client.close();
        }
    }
}
