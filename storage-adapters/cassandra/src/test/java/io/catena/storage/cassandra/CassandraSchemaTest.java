package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Open installs a keyspace, accepts its own, and refuses every mismatch with one clear sentence. */
@ExtendWith(TestCassandra.class)
class CassandraSchemaTest {

    private static final ChainKey KEY = ChainKey.of("accounts", "alice");

    @Test
    void reopeningItsOwnKeyspaceKeepsTheData() throws Exception {
        CassandraSettings settings = TestCassandra.freshSettings();
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings)) {
            engine.apply(KEY, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1))))
                    .toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings)) {
            assertThat(engine.readPartition(KEY, Version.MAX).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .containsEntry("", Row.of("n", 1));
        }
    }

    @Test
    void anOlderLayoutVersionIsRefusedAndLeftAsFound() {
        CassandraSettings settings = installed();
        setLayoutVersion(settings, 0);
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageContaining("layout version 0")
                .hasMessageContaining("reads only version " + CassandraLayout.VERSION)
                .hasMessageContaining("migrate");
        assertThat(layoutVersion(settings)).isZero();
    }

    @Test
    void aNewerLayoutVersionIsRefused() {
        CassandraSettings settings = installed();
        setLayoutVersion(settings, CassandraLayout.VERSION + 1);
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageContaining("layout version " + (CassandraLayout.VERSION + 1))
                .hasMessageContaining("upgrade this Catena");
    }

    @Test
    void anotherClustersKeyspaceIsRefused() {
        CassandraSettings settings = installed();
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings.withClusterName("other")))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessage("Keyspace " + settings.keyspace() + " holds the data of Catena cluster 'test', not of"
                        + " cluster 'other'; configure the right cluster name, or give this cluster its own keyspace.");
    }

    @Test
    void anotherRegionsKeyspaceIsRefused() {
        CassandraSettings settings = installed();
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings.withRegionName("elsewhere")))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageContaining("region '" + settings.regionName() + "', not of region 'elsewhere'");
    }

    @Test
    void aForeignKeyspaceIsRefusedAndNothingIsCreatedInIt() {
        CassandraSettings settings = TestCassandra.freshSettings();
        try (CqlSession cql = CqlShell.open()) {
            cql.execute("CREATE KEYSPACE " + settings.keyspace()
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            cql.execute("CREATE TABLE " + settings.keyspace() + ".orders (id int PRIMARY KEY, total int)");
            assertThatThrownBy(() -> CassandraStorageEngine.open(settings))
                    .isInstanceOf(CassandraSchemaException.class)
                    .hasMessageContaining("holds tables [orders] that are not Catena's");
            assertThat(cql.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?",
                    settings.keyspace()).all()).hasSize(1);
        }
    }

    @Test
    void anUnreachableServerIsReportedWithItsAddress() {
        InetSocketAddress nobody = new InetSocketAddress("127.0.0.1",
                io.catena.storage.cassandra.local.CassandraPorts.free().nativePort());
        CassandraSettings settings = CassandraSettings.forRegion(List.of(nobody), "datacenter1", "test", "nowhere")
                .withRequestTimeout(Duration.ofSeconds(2));
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageStartingWith("Cannot reach Cassandra at [" + nobody + "]")
                .hasMessageEndingWith("start Cassandra there or fix the contact points.");
    }

    @Test
    void aDataCentreWithoutNodesIsRefused() {
        CassandraSettings settings = TestCassandra.freshSettings().withLocalDatacenter("mars");
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageContaining("has no node in data centre 'mars' (its data centres are [datacenter1])");
    }

    private static CassandraSettings installed() {
        CassandraSettings settings = TestCassandra.freshSettings();
        CassandraStorageEngine.open(settings).close();
        return settings;
    }

    private static void setLayoutVersion(CassandraSettings settings, int version) {
        try (CqlSession cql = CqlShell.open()) {
            cql.execute("UPDATE " + settings.keyspace() + ".meta SET layout_version = " + version + " WHERE id = 'catena'");
        }
    }

    private static int layoutVersion(CassandraSettings settings) {
        try (CqlSession cql = CqlShell.open()) {
            return cql.execute("SELECT layout_version FROM " + settings.keyspace() + ".meta WHERE id = 'catena'")
                    .one().getInt(0);
        }
    }
}
