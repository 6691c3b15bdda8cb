package io.catena.storage.cassandra;

/**
 * Why a Cassandra store cannot be opened: the server is unreachable, the keyspace holds another
 * layout version or another cluster's or region's data, or the user lacks permissions. Thrown by
 * {@link CassandraStorageEngine#open} before anything is written to a keyspace that does not match,
 * so data is never corrupted; the message is one sentence saying what was found, what was expected
 * and what to do. Retrying without changing the configuration or the server does not help.
 */
public final class CassandraSchemaException extends RuntimeException {

    public CassandraSchemaException(String message) {
        super(message);
    }

    public CassandraSchemaException(String message, Throwable cause) {
        super(message, cause);
    }
}
