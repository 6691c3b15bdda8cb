package io.catena.storage.cassandra.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Writes the minimal {@code cassandra.yaml}, {@code cassandra-rackdc.properties} and
 * {@code logback.xml} of a local daemon: one node of a cluster on loopback addresses
 * ({@link NodePlace}), in the data centre its properties name (GossipingPropertyFileSnitch).
 *
 * <p>The demo runs three daemons on a two-core machine, so everything that sizes itself from the
 * machine or defaults to a production server is turned down: few tokens, small memtables and
 * caches, few request threads, one compactor. Snapshots on truncate and drop are off (tests create
 * and drop keyspaces freely), and batch-size thresholds are raised because Catena applies one
 * commit to a chain key as one single-partition batch.
 *
 * <p>The commit log is synced in groups ({@code commitlog_sync: group}, a 5 ms window): a write is
 * acknowledged only once it is on disk. Cassandra's default, {@code periodic}, acknowledges before
 * the sync and replays only what a sync marker covers, so a daemon killed right after a write lost
 * it (tested); a region's nodes must not, since Catena's log and votes rest on what storage
 * acknowledged. A daemon may require logins (see {@code LocalCassandra.withPasswordLogin}). Stateless.
 */
final class CassandraYaml {

    /** Cassandra's default data centre, of a single node unless told otherwise. */
    static final String DATACENTER = "datacenter1";

    /**
     * Logins and permissions on. Caches of roles and permissions are off so that a grant or a
     * revoke takes effect at the next request, as tests expect; the default superuser is created
     * as soon as the node is up instead of 10 s later (see the command's superuser_setup_delay_ms).
     */
    private static final String SECURED = """
            authenticator: PasswordAuthenticator
            authorizer: CassandraAuthorizer
            role_manager: CassandraRoleManager
            roles_validity: 0ms
            permissions_validity: 0ms
            credentials_validity: 0ms
            """;

    private CassandraYaml() {
    }

    static void write(Path file, Path dataDirectory, String clusterName, NodePlace place, CassandraPorts ports,
                      boolean passwordLogin) throws IOException {
        String d = dataDirectory.toAbsolutePath().toString();
        String tokens = place.tokens().stream().map(String::valueOf).collect(Collectors.joining(","));
        String yaml = """
                cluster_name: '%s'
                num_tokens: %d
                initial_token: %s
                auto_bootstrap: false
                partitioner: org.apache.cassandra.dht.Murmur3Partitioner
                endpoint_snitch: GossipingPropertyFileSnitch
                seed_provider:
                  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
                    parameters:
                      - seeds: "%s:%d"
                listen_address: %s
                rpc_address: %s
                storage_port: %d
                native_transport_port: %d
                start_native_transport: true
                data_file_directories: ['%s/data']
                commitlog_directory: '%s/commitlog'
                saved_caches_directory: '%s/saved_caches'
                hints_directory: '%s/hints'
                cdc_raw_directory: '%s/cdc_raw'
                commitlog_sync: group
                commitlog_sync_group_window: 5ms
                commitlog_segment_size: 8MiB
                commitlog_total_space: 256MiB
                memtable_heap_space: 64MiB
                memtable_offheap_space: 64MiB
                memtable_flush_writers: 1
                key_cache_size: 8MiB
                row_cache_size: 0MiB
                counter_cache_size: 0MiB
                file_cache_size: 32MiB
                networking_cache_size: 16MiB
                prepared_statements_cache_size: 4MiB
                concurrent_reads: 8
                concurrent_writes: 8
                concurrent_counter_writes: 2
                concurrent_materialized_view_writes: 2
                concurrent_compactors: 1
                compaction_throughput: 64MiB/s
                native_transport_max_threads: 32
                auto_snapshot: false
                batch_size_warn_threshold: 64KiB
                batch_size_fail_threshold: 1MiB
                unlogged_batch_across_partitions_warn_threshold: 1
                storage_compatibility_mode: NONE
                """.formatted(clusterName.replace("'", "''"), NodePlace.TOKENS_PER_NODE, tokens, place.seedAddress(),
                ports.storagePort(), place.address(), place.address(), ports.storagePort(), ports.nativePort(),
                d, d, d, d, d);
        Files.writeString(file, passwordLogin ? yaml + SECURED : yaml);
    }

    /** The node's data centre and rack, which GossipingPropertyFileSnitch reads and gossips to the others. */
    static void writeRackDc(Path file, NodePlace place) throws IOException {
        Files.writeString(file, "dc=" + place.datacenter() + "\nrack=rack1\n");
    }

    /** Cassandra logs to standard output, which the launcher sends to a file; INFO keeps it small. */
    static void writeLogback(Path file) throws IOException {
        Files.writeString(file, """
                <configuration>
                  <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{1} - %msg%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="OUT"/></root>
                </configuration>
                """);
    }
}
