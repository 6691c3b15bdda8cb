package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Installing and checking the layout at open, against the real server: every mismatch stops the open. */
class HBaseSchemaTest {

    @RegisterExtension
    static final SharedHBase HBASE = new SharedHBase();

    private static final ChainKey ALICE = ChainKey.of("accounts", "alice");

    @Test
    void aFreshNamespaceIsInstalledAndReopensWithItsData() throws Exception {
        HBaseSettings settings = HBASE.freshSettings("schema");
        try (HBaseStorageEngine engine = HBaseStorageEngine.open(settings)) {
            engine.apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1)))).toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        }
        try (HBaseStorageEngine engine = HBaseStorageEngine.open(settings)) {
            assertThat(engine.readPartition(ALICE, Version.MAX).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .containsEntry("", Row.of("n", 1));
        }
        assertThat(layoutCell(settings, HBaseLayout.LAYOUT_VERSION)).isEqualTo(Integer.toString(HBaseLayout.VERSION));
        assertThat(layoutCell(settings, HBaseLayout.CLUSTER)).isEqualTo("test-cluster");
        assertThat(layoutCell(settings, HBaseLayout.REGION)).isEqualTo("test-region");
    }

    @Test
    void anotherClustersNamespaceIsRefusedAndLeftAlone() throws Exception {
        HBaseSettings settings = HBASE.freshSettings("schema");
        HBaseStorageEngine.open(settings).close();
        HBaseSettings other = new HBaseSettings(settings.zookeeperQuorum(), settings.namespace(), "other-cluster",
                settings.regionName(), settings.operationTimeout());
        assertThatThrownBy(() -> HBaseStorageEngine.open(other)).isInstanceOf(HBaseSchemaException.class)
                .hasMessageContaining("holds data of Catena cluster 'test-cluster', not of cluster 'other-cluster'");
        assertThat(layoutCell(settings, HBaseLayout.CLUSTER)).isEqualTo("test-cluster");
    }

    @Test
    void anotherRegionsNamespaceIsRefused() {
        HBaseSettings settings = HBASE.freshSettings("schema");
        HBaseStorageEngine.open(settings).close();
        HBaseSettings other = new HBaseSettings(settings.zookeeperQuorum(), settings.namespace(), settings.clusterName(),
                "other-region", settings.operationTimeout());
        assertThatThrownBy(() -> HBaseStorageEngine.open(other)).isInstanceOf(HBaseSchemaException.class)
                .hasMessageContaining("holds data of region 'test-region', not of region 'other-region'");
    }

    @Test
    void anOlderOrNewerLayoutVersionIsRefused() throws Exception {
        HBaseSettings settings = HBASE.freshSettings("schema");
        HBaseStorageEngine.open(settings).close();

        setLayoutCell(settings, HBaseLayout.LAYOUT_VERSION, Integer.toString(HBaseLayout.VERSION + 1));
        assertThatThrownBy(() -> HBaseStorageEngine.open(settings)).isInstanceOf(HBaseSchemaException.class)
                .hasMessageContaining("holds Catena layout version " + (HBaseLayout.VERSION + 1))
                .hasMessageContaining("written by a newer Catena");

        setLayoutCell(settings, HBaseLayout.LAYOUT_VERSION, Integer.toString(HBaseLayout.VERSION - 1));
        assertThatThrownBy(() -> HBaseStorageEngine.open(settings)).isInstanceOf(HBaseSchemaException.class)
                .hasMessageContaining("holds Catena layout version " + (HBaseLayout.VERSION - 1))
                .hasMessageContaining("written by an older Catena");
        assertThat(layoutCell(settings, HBaseLayout.LAYOUT_VERSION)).isEqualTo(Integer.toString(HBaseLayout.VERSION - 1));
    }

    @Test
    void aNamespaceWithTheTablesButNoLayoutRecordIsRefused() throws Exception {
        HBaseSettings settings = HBASE.freshSettings("schema");
        HBaseStorageEngine.open(settings).close();
        try (Connection c = connect(); Table meta = c.getTable(HBaseLayout.meta(settings.namespace()))) {
            meta.delete(new Delete(HBaseLayout.LAYOUT_ROW));
        }
        assertThatThrownBy(() -> HBaseStorageEngine.open(settings)).isInstanceOf(HBaseSchemaException.class)
                .hasMessageContaining("has Catena's tables but no layout record");
    }

    @Test
    void aNamespaceHoldingOtherTablesIsRefusedAndNotChanged() throws Exception {
        HBaseSettings settings = HBASE.freshSettings("schema");
        TableName foreign = TableName.valueOf(settings.namespace(), "orders");
        try (Connection c = connect(); Admin admin = c.getAdmin()) {
            admin.createNamespace(NamespaceDescriptor.create(settings.namespace()).build());
            admin.createTable(TableDescriptorBuilder.newBuilder(foreign)
                    .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
            assertThatThrownBy(() -> HBaseStorageEngine.open(settings)).isInstanceOf(HBaseSchemaException.class)
                    .hasMessageContaining("has tables but not " + HBaseLayout.data(settings.namespace()));
            assertThat(admin.listTableNamesByNamespace(settings.namespace())).containsExactly(foreign);
        }
    }

    @Test
    void anUnreachableServerIsReportedInOneSentence() {
        HBaseSettings nowhere = HBaseSettings.of("127.0.0.1:" + HBasePorts.free().zookeeper(), "c", "r")
                .withOperationTimeout(Duration.ofSeconds(5));
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> HBaseStorageEngine.open(nowhere)).isInstanceOf(HBaseSchemaException.class)
                .hasMessageContaining("127.0.0.1:")
                .hasMessageContaining("check that HBase runs and the quorum is right");
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void invalidSettingsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> HBaseSettings.of("", "c", "r")).hasMessageContaining("ZooKeeper quorum");
        assertThatThrownBy(() -> HBaseSettings.of("h:1", "c", "r").withNamespace("bad-name"))
                .hasMessageContaining("letters, digits and underscores");
        assertThatThrownBy(() -> HBaseSettings.of("h:1", " ", "r")).hasMessageContaining("cluster name");
        assertThatThrownBy(() -> HBaseSettings.of("h:1", "c", "r").withOperationTimeout(Duration.ZERO))
                .hasMessage("HBase settings: operationTimeout must be longer than 0, not 0ms");
        assertThatThrownBy(() -> HBaseSettings.of("h:1", "c", "r").withOperationTimeout(Duration.ofDays(25)))
                .hasMessage("HBase settings: operationTimeout must be at most 24 days, not 600h");
        assertThat(HBaseSettings.of("h:1", "c", "us-east.1").namespace()).isEqualTo("catena_c_us_east_1");
    }

    private static Connection connect() throws Exception {
        return ConnectionFactory.createConnection(HBASE.server().clientConfiguration());
    }

    private static String layoutCell(HBaseSettings settings, byte[] qualifier) throws Exception {
        try (Connection c = connect(); Table meta = c.getTable(HBaseLayout.meta(settings.namespace()))) {
            return HBaseLayout.text(meta.get(new Get(HBaseLayout.LAYOUT_ROW)).getValue(HBaseLayout.META_FAMILY, qualifier));
        }
    }

    private static void setLayoutCell(HBaseSettings settings, byte[] qualifier, String value) throws Exception {
        try (Connection c = connect(); Table meta = c.getTable(HBaseLayout.meta(settings.namespace()))) {
            meta.put(new Put(HBaseLayout.LAYOUT_ROW).addColumn(HBaseLayout.META_FAMILY, qualifier, HBaseLayout.bytes(value)));
        }
    }
}
