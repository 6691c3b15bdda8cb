package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
import io.catena.core.spi.StorageLocality;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Placement against the real one-node ring, and the token of a chain key as Cassandra computes it. */
@ExtendWith(TestCassandra.class)
class RingLocalityTest {

    private static final List<ChainKey> KEYS = List.of(ChainKey.of("accounts", "alice"), ChainKey.of("accounts", "bob"),
            ChainKey.of("audit", ""), ChainKey.of("t", "ключ"), ChainKey.of("x", "a:b/c"));

    @Test
    void theOneNodeRingHoldsEveryKey() {
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(TestCassandra.freshSettings())) {
            StorageLocality locality = engine.locality().orElseThrow();
            StoreLayout layout = locality.layout();
            assertThat(layout.nodes()).containsExactly("127.0.0.1:" + TestCassandra.cassandra().ports().nativePort());
            assertThat(layout.scheme()).isEqualTo(locality.positions().scheme()).isEqualTo(Murmur3Positions.SCHEME);
            for (ChainKey key : KEYS) {
                assertThat(layout.nodeOf(locality.positions().positionOf(key))).as("node of %s", key).isZero();
            }
            assertThat(locality.localityCounts()).as("not pinned").isEqualTo(LocalityCounts.NONE);
        }
    }

    @Test
    void aKeysTokenIsTheTokenCassandraGivesItsPartition() throws Exception {
        CassandraSettings settings = TestCassandra.freshSettings();
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings); CqlSession cql = CqlShell.open()) {
            for (ChainKey key : KEYS) {
                engine.apply(key, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1))))
                        .toCompletableFuture().get(10, TimeUnit.SECONDS);
                long stored = cql.execute("SELECT token(tbl, part) FROM " + settings.keyspace()
                        + ".data WHERE tbl = ? AND part = ? LIMIT 1", key.table(), key.partition()).one().getLong(0);
                assertThat(Murmur3Positions.tokenOf(key)).as("token of %s", key).isEqualTo(stored);
            }
        }
    }
}
