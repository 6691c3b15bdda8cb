package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.fake.Answers;
import io.catena.client.fake.FakeCoordinator;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.wire.ErrorNotice;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Random schedules of commits, silent and answering coordinators, drops, overload, crashes,
 * restarts and time, checked against what the library promises: every request ends by its
 * deadline; a request id never names two transactions; a dropped name is never sent again; a
 * success is the answer to one of the request's own names; and "did not run" is only ever said
 * of work no coordinator took. A failing seed replays exactly: pass it to {@link #check}.
 */
class ConnectionChaosTest {

    private static final List<HostAndPort> HOSTS = List.of(FakeRegion.H1, FakeRegion.H2, FakeRegion.H3);

    /** What the region decided for one request id, the same whichever coordinator is asked. */
    private enum Fate { COMMIT, DROP, PENDING }

    @Property(tries = 150)
    void theLibrarysPromisesHoldUnderRandomFaults(@ForAll long seed) {
        check(seed);
    }

    static void check(long seed) {
        new Run(seed).play().verify();
    }

    private static final class Run {
        final SplittableRandom random;
        final FakeRegion region = new FakeRegion();
        final Map<RequestId, Fate> fates = new HashMap<>();
        final Map<RequestId, String> keyOfId = new HashMap<>();
        final Map<String, CompletableFuture<TxnOutcome>> commits = new HashMap<>();
        final Map<HostAndPort, FakeCoordinator> coordinators = new HashMap<>();
        Connection connection;

        Run(long seed) {
            this.random = new SplittableRandom(seed);
        }

        Run play() {
            start(FakeRegion.H1);
            connection = region.connect("&timeout=" + (1 + random.nextInt(5)) + "s&resendAfter="
                    + (200 + random.nextInt(1000)) + "ms");
            for (int step = 0; step < 150; step++) {
                int action = random.nextInt(100);
                if (action < 45) {
                    String key = "k" + step;
                    commits.put(key, connection.transaction().add(RowKey.of("t", key), "n", 1).commitAsync());
                } else if (action < 85) {
                    region.clock.advance(Duration.ofMillis(random.nextInt(1500)));
                } else if (action < 92) {
                    HostAndPort h = HOSTS.get(random.nextInt(HOSTS.size()));
                    FakeCoordinator c = coordinatorAt(h);
                    if (c != null) {
                        c.crash();
                    }
                } else {
                    start(HOSTS.get(random.nextInt(HOSTS.size())));
                }
            }
            start(FakeRegion.H2);
            region.clock.advance(Duration.ofSeconds(ConnectionUrl.MAX_TIMEOUT_SECONDS + 1));
            return this;
        }

        FakeCoordinator coordinatorAt(HostAndPort h) {
            return coordinators.get(h);
        }

        void start(HostAndPort h) {
            FakeCoordinator c = new FakeCoordinator("catena", "eu");
            c.respondWith(m -> respond(c, m));
            coordinators.put(h, region.transport.coordinatorAt(h, c));
        }

        /** A coordinator of a region that deduplicates by request id. */
        TxnReply respond(FakeCoordinator c, Message m) {
            RequestId id = Answers.idOf(m);
            String key = ((TxnSpec.AdHoc) ((SubmitTxn) m).spec()).ops().get(0).key().chainKey().partition();
            assertThat(keyOfId.putIfAbsent(id, key)).as("request id %s names two transactions", id).isIn(null, key);
            assertThat(fates.get(id)).as("dropped name %s was sent again", id).isNotEqualTo(Fate.DROP);
            Fate fate = fates.get(id);
            if (fate == null) {
                if (random.nextInt(10) == 0) {
                    c.push(new ErrorNotice(ErrorNotice.Code.OVERLOADED, id, "queue full"));
                    return null;
                }
                int r = random.nextInt(100);
                fate = r < 40 ? Fate.COMMIT : r < 55 ? Fate.DROP : Fate.PENDING;
                fates.put(id, fate);
            } else if (fate == Fate.PENDING && random.nextInt(10) < 3) {
                fate = Fate.COMMIT;
                fates.put(id, fate);
            }
            return switch (fate) {
                case COMMIT -> Answers.committed(m, Version.of(id.sequence(), 0));
                case DROP -> Answers.ended(m, TxnResult.dropped("abandoned"));
                case PENDING -> null;
            };
        }

        void verify() {
            commits.forEach((key, future) -> {
                assertThat(future).as("commit of %s ended by its deadline", key).isDone();
                List<RequestId> names = keyOfId.entrySet().stream().filter(e -> e.getValue().equals(key))
                        .map(Map.Entry::getKey).toList();
                Throwable failure = future.handle((v, t) -> t).join();
                if (failure == null) {
                    RequestId answered = future.join().requestId();
                    assertThat(names).as("success is the answer to one of its own names").contains(answered);
                    assertThat(fates.get(answered)).isEqualTo(Fate.COMMIT);
                } else if (failure instanceof UnavailableException) {
                    assertThat(names).as("%s said it did not run", key)
                            .allMatch(id -> fates.get(id) == null || fates.get(id) == Fate.DROP);
                } else {
                    assertThat(failure).isInstanceOf(OutcomeUnknownException.class);
                    assertThat(names).as("no name of %s committed, yet its outcome is unknown", key)
                            .noneMatch(id -> fates.get(id) == Fate.COMMIT);
                }
            });
        }
    }
}
