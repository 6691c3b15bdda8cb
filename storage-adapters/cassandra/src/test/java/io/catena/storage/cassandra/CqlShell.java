package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.catena.storage.cassandra.local.LocalCassandra;
import java.time.Duration;

/** A plain driver session on the test Cassandra: what an operator's cqlsh would do to a keyspace. */
final class CqlShell {

    /**
     * Schema changes wait for the schema to settle; on a busy 2-core machine that can take longer
     * than the driver's default 2 s, and a timed-out setup would fail the test for no reason.
     */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private CqlShell() {
    }

    static CqlSession open() {
        LocalCassandra c = TestCassandra.cassandra();
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, REQUEST_TIMEOUT)
                .build();
        return CqlSession.builder().addContactPoint(c.contactPoint()).withLocalDatacenter(c.localDatacenter())
                .withConfigLoader(config).build();
    }
}
