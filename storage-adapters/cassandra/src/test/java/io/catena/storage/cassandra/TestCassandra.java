package io.catena.storage.cassandra;

import io.catena.storage.cassandra.local.LocalCassandra;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one Cassandra daemon of this module's test run: started by the first test class that uses
 * this extension, kept in the root context's store and stopped when the whole run ends. Its data
 * lives under {@code target/cassandra-test}, wiped before it starts. If it cannot start, every
 * test using it fails with the reason (the daemon's last log lines), never skips.
 */
public final class TestCassandra implements BeforeAllCallback {

    private static final Path DATA = Path.of("target", "cassandra-test");
    private static final AtomicInteger KEYSPACES = new AtomicInteger();
    private static volatile Running running;

    /** The running daemon, in the root store: JUnit closes it after the last test. */
    private record Running(LocalCassandra cassandra, long startMillis) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            cassandra.stop();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        running = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(Running.class, k -> start(), Running.class);
    }

    /** The daemon of this run; only valid in a class extended with this extension. */
    public static LocalCassandra cassandra() {
        if (running == null) {
            throw new IllegalStateException("annotate the test class with @ExtendWith(TestCassandra.class)");
        }
        return running.cassandra();
    }

    /** Settings for a fresh keyspace of its own (region {@code region-N}, cluster {@code test}). */
    public static CassandraSettings freshSettings() {
        int n = KEYSPACES.incrementAndGet();
        LocalCassandra c = cassandra();
        return CassandraSettings.forRegion(List.of(c.contactPoint()), c.localDatacenter(), "test", "region-" + n);
    }

    private static Running start() {
        try {
            wipe(DATA);
            long begin = System.nanoTime();
            LocalCassandra cassandra = LocalCassandra.inDirectory(DATA).start();
            long millis = (System.nanoTime() - begin) / 1_000_000;
            System.out.println("[TestCassandra] Cassandra on " + cassandra.contactPoint() + " started in " + millis + " ms");
            return new Running(cassandra, millis);
        } catch (IOException e) {
            throw new UncheckedIOException("the test Cassandra did not start: " + e.getMessage(), e);
        }
    }

    static void wipe(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
