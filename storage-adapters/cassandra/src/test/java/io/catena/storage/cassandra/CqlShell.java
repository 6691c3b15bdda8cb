package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.catena.storage.cassandra.local.LocalCassandra;

/** A plain driver session on the test Cassandra: what an operator's cqlsh would do to a keyspace. */
final class CqlShell {

    private CqlShell() {
    }

    static CqlSession open() {
        LocalCassandra c = TestCassandra.cassandra();
        return CqlSession.builder().addContactPoint(c.contactPoint()).withLocalDatacenter(c.localDatacenter()).build();
    }
}
