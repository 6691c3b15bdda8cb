package io.catena.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.TxnOutcome;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.Quiescence;
import io.catena.storage.memory.MemoryStorageEngine;
import io.catena.wire.Welcome;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Three regions on loopback ports, without WAN emulation, for tests that throw bad input at a
 * region and then need proof that nothing was harmed: a commit through the client library, no
 * failed protocol step, and identical stores once the regions have settled. Tests keep their
 * rows in {@link #TABLE}, each under keys of its own.
 *
 * <p>A JUnit extension: {@code @RegisterExtension static final LoopbackCluster cluster = new
 * LoopbackCluster();} starts it once for the test class and closes it after.
 */
final class LoopbackCluster implements BeforeAllCallback, AfterAllCallback {

    static final String TABLE = "bad_input";
    static final String COLUMN = "n";
    static final RegionId US = RegionId.of(0);
    static final RegionId EU = RegionId.of(1);
    static final RegionId ASIA = RegionId.of(2);

    /** The client part of the request ids of {@link #nextRequest()}. */
    private static final long RAW_CLIENT_ID = 0x5eed;

    private final AtomicLong sequence = new AtomicLong();
    private InProcessCluster cluster;

    @Override
    public void beforeAll(ExtensionContext context) throws InterruptedException {
        ClusterConfig protocol = ClusterConfig.builder().regions(List.of("us", "eu", "asia")).build();
        cluster = InProcessCluster.start(InProcessCluster.Spec.loopback("demo", protocol, ProcedureRegistry.empty(), null), Map.of());
        if (!cluster.awaitConnected(Duration.ofSeconds(10))) {
            throw new AssertionError("the regions did not connect to each other within 10 s");
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** A request id no other request of this cluster's tests has, for raw submissions. */
    RequestId nextRequest() {
        return new RequestId(RAW_CLIENT_ID, sequence.incrementAndGet());
    }

    InProcessCluster cluster() {
        return cluster;
    }

    String clusterName() {
        return cluster.spec().cluster();
    }

    String registryDigest() {
        return cluster.spec().procedures().digest();
    }

    String settingsDigest() {
        return cluster.region(US).settings().cluster().fingerprint().hex();
    }

    /** The cluster clock of the regions, which share one: what a well-behaved peer says in its Hello. */
    long clockMicros() {
        return cluster.region(US).settings().cluster().clusterClock().signedNowMicros();
    }

    String regionName(RegionId region) {
        return cluster.spec().protocol().regionName(region);
    }

    ClusterConfig protocol() {
        return cluster.spec().protocol();
    }

    InetSocketAddress address(RegionId region) {
        return cluster.region(region).address();
    }

    /** A raw connection to {@code region} that has said Hello as a client and been welcomed. */
    FrameSocket admittedClient(RegionId region) throws IOException {
        FrameSocket s = FrameSocket.connect(address(region));
        assertThat(s.hello(Hellos.client(clusterName(), regionName(region)))).isInstanceOf(Welcome.class);
        return s;
    }

    Connection connect(RegionId region) {
        return Catena.connect(cluster.url(region));
    }

    static RowKey row(String key) {
        return RowKey.of(TABLE, key);
    }

    /** Commits an increment of {@code counter} through the client library: proof that the region serves. */
    TxnOutcome increment(RegionId region, String counter) {
        try (Connection c = connect(region)) {
            return c.transaction().add(row(counter), COLUMN, 1).commit();
        }
    }

    /** The counter's value in one region's store; 0 if the row is absent. */
    long counter(RegionId region, String counter) {
        SortedMap<String, Row> rows = store(region).dumpLatest(TABLE).get(ChainKey.of(TABLE, counter));
        return rows == null || !rows.containsKey("") ? 0 : rows.get("").getLong(COLUMN, 0);
    }

    /** Proof that the bad input harmed nothing so far: {@code region} commits, and no protocol step failed. */
    void assertServes(RegionId region) {
        assertThat(increment(region, "served").version()).as("a commit in " + regionName(region)).isNotNull();
        assertThat(cluster.failedSteps()).as("failed protocol steps").isZero();
    }

    /** Whether any region's store holds a row under {@code key}. */
    boolean anyRegionHolds(String key) {
        return protocol().regionIds().stream()
                .anyMatch(r -> store(r).dumpLatest(TABLE).containsKey(ChainKey.of(TABLE, key)));
    }

    MemoryStorageEngine store(RegionId region) {
        return (MemoryStorageEngine) cluster.store(region);
    }

    /**
     * Waits until every region has scheduled every epoch up to now and has nothing in flight,
     * then checks that no protocol step failed and that every region holds the same rows.
     */
    void assertSettledAndIdentical() throws InterruptedException {
        assertThat(Quiescence.await(cluster.regions(), Duration.ofSeconds(20))).as("regions settled").isTrue();
        assertThat(cluster.failedSteps()).as("failed protocol steps").isZero();
        var first = store(US).dumpLatest(TABLE);
        for (RegionId r : protocol().regionIds()) {
            assertThat(store(r).dumpLatest(TABLE)).as("rows of region " + regionName(r)).isEqualTo(first);
        }
    }
}
