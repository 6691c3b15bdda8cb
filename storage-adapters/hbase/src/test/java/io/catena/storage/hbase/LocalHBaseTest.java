package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LocalHBaseTest {

    @Test
    void startsStopsAndRestartsOnTheSamePorts() throws Exception {
        Path dir = Path.of("target", "local-hbase-test").toAbsolutePath();
        TestFiles.deleteRecursively(dir);
        try (LocalHBase server = LocalHBase.in(dir)) {
            long t0 = System.nanoTime();
            server.start();
            System.out.printf("started in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
            assertThat(server.isRunning()).isTrue();
            String quorum = server.zookeeperQuorum();
            t0 = System.nanoTime();
            server.stop();
            System.out.printf("stopped in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
            assertThat(server.isRunning()).isFalse();
            t0 = System.nanoTime();
            server.start();
            System.out.printf("restarted in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
            assertThat(server.zookeeperQuorum()).isEqualTo(quorum);
            server.kill();
            assertThat(server.isRunning()).isFalse();
            server.start();
            assertThat(server.isRunning()).isTrue();
        }
        assertThat(Files.readString(dir.resolve("hbase.log"))).contains("HMaster");
    }
}
