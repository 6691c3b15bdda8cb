package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.apache.hadoop.hbase.security.access.Permission.Action.CREATE;
import static org.apache.hadoop.hbase.security.access.Permission.Action.READ;
import static org.apache.hadoop.hbase.security.access.Permission.Action.WRITE;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.access.AccessControlClient;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An HBase that checks every request against its access control lists, as secured production
 * clusters do: a user without the permissions open needs is stopped with one sentence naming the
 * user and what to grant, before any data is written; a user granted them runs.
 */
class HBaseAccessTest {

    private static final ChainKey KEY = ChainKey.of("accounts", "alice");
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    private static LocalHBase server;
    private static Connection admin;

    @BeforeAll
    static void startHBaseWithAccessControl() throws Exception {
        Path dir = Path.of("target", "hbase-access-test").toAbsolutePath();
        TestFiles.deleteRecursively(dir);
        server = LocalHBase.in(dir).withAccessControl().start();
        admin = ConnectionFactory.createConnection(server.clientConfiguration());
    }

    @AfterAll
    static void stop() throws Exception {
        if (admin != null) {
            admin.close();
        }
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void theUserWhoStartedTheServerInstallsANamespaceAndRuns() throws Exception {
        try (HBaseStorageEngine engine = HBaseStorageEngine.open(fresh())) {
            applyAndRead(engine, 1);
        }
    }

    @Test
    void aUserWithoutGlobalAdminCannotCreateTheNamespaceAndIsToldWhoMust() throws Exception {
        HBaseSettings settings = fresh();
        String ns = settings.namespace();
        assertThatThrownBy(() -> as("nobody", () -> HBaseStorageEngine.open(settings)))
                .isInstanceOf(HBaseSchemaException.class)
                .hasMessage("HBase denied user 'nobody' the right to create the namespace in namespace '" + ns
                        + "' (it needs ADMIN); creating a namespace takes the global ADMIN permission, so have an"
                        + " administrator create it (create_namespace '" + ns + "' in the HBase shell) and give this"
                        + " user READ, WRITE and CREATE on it (grant 'nobody', 'RWC', '@" + ns + "'), then start again");
        try (Admin a = admin.getAdmin()) {
            assertThat(a.listNamespaces()).doesNotContain(ns);
        }
    }

    @Test
    void aUserGrantedReadWriteAndCreateOnANamespaceAnAdministratorMadeInstallsItAndRuns() throws Throwable {
        HBaseSettings settings = madeByAdministratorFor("worker", READ, WRITE, CREATE);
        try (HBaseStorageEngine engine = as("worker", () -> HBaseStorageEngine.open(settings))) {
            applyAndRead(engine, 2);
        }
        try (HBaseStorageEngine engine = as("worker", () -> HBaseStorageEngine.open(settings))) {
            assertThat(engine.readPartition(KEY, Version.MAX).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .containsExactlyEntriesOf(Map.of("", Row.of("n", 2)));
        }
    }

    @Test
    void aUserWhoMayOnlyReadAndWriteIsStoppedBeforeAnythingIsWritten() throws Throwable {
        HBaseSettings settings = madeByAdministratorFor("writer", READ, WRITE);
        String ns = settings.namespace();
        assertThatThrownBy(() -> as("writer", () -> HBaseStorageEngine.open(settings)))
                .isInstanceOf(HBaseSchemaException.class)
                .hasMessage("HBase denied user 'writer' the right to create the layout's tables in namespace '" + ns
                        + "' (it needs CREATE); give this user READ, WRITE and CREATE on the namespace (grant 'writer',"
                        + " 'RWC', '@" + ns + "' in the HBase shell), then start again");
        try (Admin a = admin.getAdmin()) {
            assertThat(a.listTableNamesByNamespace(ns)).isEmpty();
        }
    }

    /** A fresh namespace created by the administrator, {@code user} granted {@code actions} on it. */
    private static HBaseSettings madeByAdministratorFor(String user, Permission.Action... actions) throws Throwable {
        HBaseSettings settings = fresh();
        try (Admin a = admin.getAdmin()) {
            a.createNamespace(NamespaceDescriptor.create(settings.namespace()).build());
        }
        AccessControlClient.grant(admin, settings.namespace(), user, actions);
        return settings;
    }

    private static <T> T as(String user, PrivilegedExceptionAction<T> action) throws Exception {
        return UserGroupInformation.createRemoteUser(user).doAs(action);
    }

    private static void applyAndRead(HBaseStorageEngine engine, int n) throws Exception {
        engine.apply(KEY, Version.of(n, 0), List.of(RowWrite.put("", Row.of("n", n))))
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(engine.readPartition(KEY, Version.MAX).toCompletableFuture().get(10, TimeUnit.SECONDS))
                .containsExactlyEntriesOf(Map.of("", Row.of("n", n)));
    }

    private static HBaseSettings fresh() {
        return HBaseSettings.of(server.zookeeperQuorum(), "test-cluster", "test-region")
                .withNamespace("secured_" + NAMESPACES.incrementAndGet())
                .withOperationTimeout(SharedHBase.OPERATION_TIMEOUT);
    }
}
