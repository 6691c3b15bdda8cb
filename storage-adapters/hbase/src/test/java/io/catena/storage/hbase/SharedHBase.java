package io.catena.storage.hbase;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real HBase for the whole test run of this module: started by the first test class that
 * uses this extension, stopped when the run ends (JUnit closes the root store's resources). Its
 * data lives under {@code target/hbase-test}, emptied at start. If the server cannot start, every
 * test that needs it fails with the reason.
 */
final class SharedHBase implements BeforeAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedHBase.class);
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    /**
     * How long the tests' operations may take: longer than a region's default, since one
     * standalone HBase serves every test of the run on a machine busy with other builds.
     */
    static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(30);

    private LocalHBase server;

    @Override
    public void beforeAll(ExtensionContext context) {
        server = server(context);
    }

    /** The server, once the test class has started. */
    LocalHBase server() {
        if (server == null) {
            throw new IllegalStateException("the shared HBase is used before its test class started");
        }
        return server;
    }

    /** Settings for a namespace no other test of this run has used. */
    HBaseSettings freshSettings(String prefix) {
        return HBaseSettings.of(server().zookeeperQuorum(), "test-cluster", "test-region")
                .withNamespace(prefix + "_" + NAMESPACES.incrementAndGet()).withOperationTimeout(OPERATION_TIMEOUT);
    }

    /** The running server, started on first use. */
    static LocalHBase server(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(Running.class, k -> new Running(start()), Running.class).server;
    }

    private static LocalHBase start() {
        Path dir = Path.of("target", "hbase-test").toAbsolutePath();
        TestFiles.deleteRecursively(dir);
        long t0 = System.nanoTime();
        LocalHBase server = LocalHBase.in(dir).start();
        System.out.printf("HBase started in %d ms: %s%n", (System.nanoTime() - t0) / 1_000_000, server);
        return server;
    }

    /** Closes the server when the root context closes. */
    private record Running(LocalHBase server) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            server.stop();
        }
    }
}
