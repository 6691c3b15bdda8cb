package io.catena.server.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.membership.KeyRange;
import io.catena.core.membership.OwnershipMap;
import io.catena.server.config.HostPort;
import io.catena.server.zookeeper.ChainServerRegistry.Registration;
import io.catena.server.zookeeper.PublishedOwnership.Published;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A region's membership on a real ZooKeeper server (Curator's {@link TestingServer}): chain-server
 * processes register for as long as their sessions live, every process sees the registrations,
 * and the published ownership map is never replaced by an older term's.
 */
class ChainServerRegistryTest {

    private static final Duration SESSION = Duration.ofSeconds(4);
    private static final Registration ZERO = new Registration(0, HostPort.parse("127.0.0.1:7101"),
            Optional.of("127.0.0.1:9042"));
    private static final Registration ONE = new Registration(1, HostPort.parse("127.0.0.1:7102"), Optional.empty());

    private TestingServer zookeeper;
    private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startZooKeeper() throws Exception {
        zookeeper = new TestingServer(true);
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        zookeeper.close();
    }

    @Test
    void everyProcessSeesTheRegistrationsForAsLongAsTheirSessionsLive() throws Exception {
        ChainServerRegistry watcher = registry(client());
        List<SortedMap<Integer, Registration>> heard = new CopyOnWriteArrayList<>();
        watcher.listen(heard::add);
        CuratorFramework zeroClient = client();
        registry(zeroClient).register(ZERO);
        registry(client()).register(ONE);

        assertThat(await(() -> watcher.registered().size() == 2)).as("both registered: %s", heard).isTrue();
        assertThat(watcher.registered()).containsEntry(0, ZERO).containsEntry(1, ONE);

        long before = owner(zeroClient);
        zeroClient.getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();
        assertThat(await(() -> sessionOf(zeroClient) != before && owner(zeroClient) == sessionOf(zeroClient)))
                .as("registered again in the new session once the old one expired").isTrue();
        assertThat(await(() -> ZERO.equals(watcher.registered().get(0))))
                .as("the other processes see it again (their cache follows the znode's deletion and creation)")
                .isTrue();
        assertThat(heard.get(0)).as("a listener hears the list as it stands first").isEmpty();
    }

    /** The session that holds chain server 0's registration. */
    private static long owner(CuratorFramework client) {
        try {
            return client.checkExists().forPath(ChainServerRegistry.PATH + "/0").getEphemeralOwner();
        } catch (Exception e) {
            return -1;
        }
    }

    private static long sessionOf(CuratorFramework client) {
        try {
            return client.getZookeeperClient().getZooKeeper().getSessionId();
        } catch (Exception e) {
            return -2;
        }
    }

    @Test
    void aClosedProcessIsNoLongerRegistered() throws Exception {
        ChainServerRegistry watcher = registry(client());
        ChainServerRegistry leaving = new ChainServerRegistry(client()).start();
        leaving.register(ONE);
        assertThat(await(() -> watcher.registered().containsKey(1))).isTrue();

        leaving.close();
        assertThat(await(() -> watcher.registered().isEmpty())).isTrue();
    }

    @Test
    void aForeignZnodeIsIgnoredAndTheRestStillRead() throws Exception {
        CuratorFramework client = client();
        client.create().creatingParentsIfNeeded().forPath(ChainServerRegistry.PATH + "/2",
                "hello".getBytes(StandardCharsets.UTF_8));
        ChainServerRegistry watcher = registry(client);
        registry(client()).register(ZERO);

        assertThat(await(() -> watcher.registered().containsKey(0))).isTrue();
        assertThat(watcher.registered()).doesNotContainKey(2);
        assertThatThrownBy(() -> Registration.decode(2, "hello".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("the line 'hello' is not key=value");
    }

    @Test
    void aPublishedMapIsReadBackAndNeverReplacedByAnOlderTerm() throws Exception {
        PublishedOwnership ownership = new PublishedOwnership(client());
        OwnershipMap halves = new OwnershipMap("murmur3", List.of(new KeyRange(new byte[0], 0),
                new KeyRange(new byte[] {(byte) 0x80}, 1)));
        OwnershipMap alone = new OwnershipMap("murmur3", List.of(new KeyRange(new byte[0], 0)));
        assertThat(ownership.read()).isEmpty();

        assertThat(ownership.publish(3, halves)).isTrue();
        assertThat(ownership.read()).contains(new Published(3, halves));
        assertThat(ownership.publish(2, alone)).as("a deposed leader's map").isFalse();
        assertThat(ownership.read()).contains(new Published(3, halves));
        assertThat(ownership.publish(4, alone)).isTrue();
        assertThat(ownership.read()).contains(new Published(4, alone));
        assertThat(new String(PublishedOwnership.encode(new Published(3, halves)), StandardCharsets.UTF_8))
                .isEqualTo("term=3\nscheme=murmur3\nrange=- 0\nrange=80 1\n");
    }

    private CuratorFramework client() {
        CuratorFramework client = ZooKeeperClients.connect(zookeeper.getConnectString(), "test", "us-east", SESSION);
        open.add(client);
        return client;
    }

    private ChainServerRegistry registry(CuratorFramework client) {
        ChainServerRegistry registry = new ChainServerRegistry(client).start();
        open.add(registry);
        return registry;
    }

    private static boolean await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return condition.getAsBoolean();
    }
}
