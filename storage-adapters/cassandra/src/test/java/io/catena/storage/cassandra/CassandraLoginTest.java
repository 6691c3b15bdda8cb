package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.storage.cassandra.local.LocalCassandra;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Cassandra that requires logins and checks permissions, as secured production clusters do: the
 * adapter logs in with the region's credentials, and a refused login or a missing permission stops
 * the open with one sentence naming the user, before any data is written.
 */
class CassandraLoginTest {

    private static final ChainKey KEY = ChainKey.of("accounts", "alice");
    private static final Duration SUPERUSER_WAIT = Duration.ofSeconds(60);
    private static final AtomicInteger REGIONS = new AtomicInteger();

    private static LocalCassandra cassandra;
    private static CqlSession admin;

    @BeforeAll
    static void startSecuredCassandra() throws Exception {
        Path dir = Path.of("target", "cassandra-login-test");
        TestCassandra.wipe(dir);
        cassandra = LocalCassandra.inDirectory(dir).withPasswordLogin().start();
        admin = loginAsSuperuser();
        for (String role : List.of("worker", "reader", "nobody")) {
            admin.execute("CREATE ROLE " + role + " WITH PASSWORD = '" + role + "-secret' AND LOGIN = true");
        }
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
        if (cassandra != null) {
            cassandra.stop();
        }
    }

    @Test
    void theSuperuserInstallsAndUsesAKeyspace() throws Exception {
        CassandraSettings settings = fresh().withCredentials(superuser());
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings)) {
            applyAndRead(engine, 1);
        }
    }

    @Test
    void aWrongPasswordIsRefusedNamingTheUserButNotThePassword() {
        CassandraSettings settings = fresh().withCredentials(new CassandraCredentials("worker", "guessed-wrong"));
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageStartingWith("Cassandra at " + settings.contactPoints() + " refused the login of user 'worker'")
                .hasMessageEndingWith("check the user name and password the region is given.")
                .hasMessageNotContaining("guessed-wrong");
    }

    @Test
    void noCredentialsAtAllSayThatALoginIsNeeded() {
        CassandraSettings settings = fresh();
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageStartingWith("Cassandra at " + settings.contactPoints() + " requires a login")
                .hasMessageEndingWith("give the region a Cassandra user name and password.");
    }

    @Test
    void aUserWithoutPermissionsCannotInstallAKeyspaceAndNothingIsCreated() {
        CassandraSettings settings = fresh().withCredentials(credentialsOf("nobody"));
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageStartingWith("The Cassandra user 'nobody' may not use keyspace " + settings.keyspace())
                .hasMessageContaining("grant it SELECT and MODIFY");
        assertThat(admin.execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?",
                settings.keyspace()).one()).isNull();
    }

    @Test
    void aUserGrantedSelectAndModifyRunsOnAKeyspaceAnAdministratorInstalled() throws Exception {
        CassandraSettings settings = installedByAdmin();
        admin.execute("GRANT SELECT ON KEYSPACE " + settings.keyspace() + " TO worker");
        admin.execute("GRANT MODIFY ON KEYSPACE " + settings.keyspace() + " TO worker");
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings.withCredentials(credentialsOf("worker")))) {
            applyAndRead(engine, 2);
        }
    }

    @Test
    void aUserWhoMayOnlyReadIsRefusedAtOpenAndTheDataIsLeftAsFound() throws Exception {
        CassandraSettings settings = installedByAdmin();
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings.withCredentials(superuser()))) {
            applyAndRead(engine, 3);
        }
        admin.execute("GRANT SELECT ON KEYSPACE " + settings.keyspace() + " TO reader");
        assertThatThrownBy(() -> CassandraStorageEngine.open(settings.withCredentials(credentialsOf("reader"))))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageStartingWith("The Cassandra user 'reader' may not use keyspace " + settings.keyspace())
                .hasMessageContaining("MODIFY");
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings.withCredentials(superuser()))) {
            assertThat(engine.readPartition(KEY, Version.MAX).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .containsExactlyEntriesOf(java.util.Map.of("", Row.of("n", 3)));
        }
    }

    private static void applyAndRead(CassandraStorageEngine engine, int n) throws Exception {
        engine.apply(KEY, Version.of(n, 0), List.of(RowWrite.put("", Row.of("n", n))))
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(engine.readPartition(KEY, Version.MAX).toCompletableFuture().get(10, TimeUnit.SECONDS))
                .containsEntry("", Row.of("n", n));
    }

    private static CassandraSettings installedByAdmin() {
        CassandraSettings settings = fresh();
        CassandraStorageEngine.open(settings.withCredentials(superuser())).close();
        return settings;
    }

    private static CassandraSettings fresh() {
        return CassandraSettings.forRegion(List.of(cassandra.contactPoint()), cassandra.localDatacenter(), "test",
                "secured-" + REGIONS.incrementAndGet());
    }

    private static CassandraCredentials credentialsOf(String role) {
        return new CassandraCredentials(role, role + "-secret");
    }

    private static CassandraCredentials superuser() {
        return new CassandraCredentials(LocalCassandra.SUPERUSER, LocalCassandra.SUPERUSER);
    }

    /** The superuser is created moments after the node serves CQL; until then its login is refused. */
    private static CqlSession loginAsSuperuser() throws InterruptedException {
        long deadline = System.nanoTime() + SUPERUSER_WAIT.toNanos();
        while (true) {
            try {
                return CqlSession.builder().addContactPoint(cassandra.contactPoint())
                        .withLocalDatacenter(cassandra.localDatacenter())
                        .withAuthCredentials(LocalCassandra.SUPERUSER, LocalCassandra.SUPERUSER)
                        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30)).build())
                        .build();
            } catch (RuntimeException refused) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the superuser of the secured Cassandra could not log in within "
                            + SUPERUSER_WAIT.toSeconds() + " s: " + refused.getMessage(), refused);
                }
                Thread.sleep(500);
            }
        }
    }
}
