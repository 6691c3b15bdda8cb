package io.catena.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.server.cluster.InProcessCluster;
import io.catena.lab.demo.DemoCluster;
import io.catena.core.wan.LatencyMatrix;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code catena get} against a running in-process cluster. */
class GetCommandTest {

    private static final LatencyMatrix LAN = LatencyMatrix.uniform(3, 1_000);
    private static InProcessCluster cluster;

    @BeforeAll
    static void startCluster() throws InterruptedException {
        ClusterConfig protocol = ClusterConfig.builder().regions(LAN.regions()).build();
        cluster = InProcessCluster.start(DemoCluster.spec(protocol, LAN), Map.of());
        assertThat(cluster.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
        try (Connection c = Catena.connect(cluster.url(RegionId.of(0)))) {
            c.transaction().insert(RowKey.of("accounts", "alice"), Map.of("owner", "Alice \"A\"", "balance", 100L))
                    .insert(RowKey.of("accounts", "alice", "card"), Map.of("limit", 5L))
                    .commit();
        }
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void printsTheRowAsJsonWithTheRegionAndSnapshot() throws InterruptedException {
        // Asked in another region than the commit's: the row arrives there through the protocol.
        Result r = runUntilFound("get", "accounts", "alice", "--url", cluster.url(RegionId.of(2)));
        assertThat(r.status).isZero();
        assertThat(r.out).matches("accounts/alice \\{\"balance\":100,\"owner\":\"Alice \\\\\"A\\\\\"\"} "
                + "\\(region2, snapshot v\\d+\\.(\\d+|\\*)\\)\\n");
        Result card = runUntilFound("get", "accounts", "alice", "--clustering", "card", "--url",
                cluster.url(RegionId.of(1)));
        assertThat(card.out).startsWith("accounts/alice#card {\"limit\":5} (region1, snapshot ");
    }

    @Test
    void aMissingRowIsSaidSoWithStatusOne() {
        Result r = run("get", "accounts", "nobody", "--url", cluster.url(RegionId.of(0)));
        assertThat(r.status).isEqualTo(GetCommand.NO_SUCH_ROW);
        assertThat(r.out).startsWith("accounts/nobody: no such row (region0, snapshot ");
    }

    @Test
    void theRegionMustBeNamedOneWayOnly() {
        for (List<String> args : List.of(List.of("get", "t", "k"),
                List.of("get", "t", "k", "--url", "catena://127.0.0.1:1/x?region=a", "--config", "c.yaml"),
                List.of("get", "t", "k", "--url", "catena://127.0.0.1:1/x?region=a", "--region", "b"))) {
            Result r = run(args.toArray(String[]::new));
            assertThat(r.status).as(args.toString()).isEqualTo(2);
            assertThat(r.err).as(args.toString()).startsWith("catena: ").doesNotContain("Exception").hasLineCount(1);
        }
    }

    private record Result(int status, String out, String err) {
    }

    /** Runs the command until it finds its row, for at most 5 s: the commit reaches each region in its own time. */
    private static Result runUntilFound(String... args) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        Result r = run(args);
        while (r.status == GetCommand.NO_SUCH_ROW && System.nanoTime() < deadline) {
            Thread.sleep(50);
            r = run(args);
        }
        return r;
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = CatenaCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(status, out.toString(), err.toString());
    }
}
