package io.catena.storage.cassandra;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.StorageEngine;
import io.catena.storage.cassandra.local.LocalCassandra;
import io.catena.storage.conformance.LogRecordSamples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What fencing costs a log append on Cassandra, run by hand (docs/STORAGE.md gives the command):
 * on one local node and one engine, appends one record at a time, alternating a leader's own
 * record through a fenced view (a conditional batch, one Paxos round) with a peer's record as
 * before (a plain write), and prints each kind's median and 99th percentile. Not a test: it
 * asserts nothing and its numbers depend on the machine. Its Cassandra's data is removed at the end.
 */
public final class FencedAppendLatency {

    private static final int WARMUP = 300;

    private FencedAppendLatency() {
    }

    public static void main(String[] args) throws IOException {
        int appends = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        Path dir = Files.createTempDirectory("catena-fenced-append");
        try (LocalCassandra cassandra = LocalCassandra.inDirectory(dir).start();
             CassandraStorageEngine engine = CassandraStorageEngine.open(CassandraSettings.forRegion(
                     List.of(cassandra.contactPoint()), cassandra.localDatacenter(), "bench", "fencing"))) {
            RegionId own = RegionId.of(0);
            engine.claimTerm(own, 1).toCompletableFuture().join();
            StorageEngine leader = engine.fencedBy(own, 1);
            long[] fenced = new long[appends];
            long[] plain = new long[appends];
            for (int i = -WARMUP; i < appends; i++) {
                long epoch = i + WARMUP + 1;
                long f = micros(leader, LogRecordSamples.record(0, epoch, 0));
                long p = micros(engine, LogRecordSamples.record(1, epoch, 0));
                if (i >= 0) {
                    fenced[i] = f;
                    plain[i] = p;
                }
            }
            System.out.printf("%d appends each, one at a time, alternating, after %d of each to warm up%n", appends, WARMUP);
            System.out.println("unfenced (peer's record): " + summary(plain));
            System.out.println("fenced (own record, LWT): " + summary(fenced));
            System.out.printf("ratio fenced/unfenced: median %.2f, p99 %.2f%n",
                    (double) percentile(fenced, 50) / percentile(plain, 50), (double) percentile(fenced, 99) / percentile(plain, 99));
        } finally {
            TestCassandra.wipe(dir);
        }
    }

    private static long micros(StorageEngine store, RLogRecord record) {
        long start = System.nanoTime();
        store.appendLog(record).toCompletableFuture().join();
        return (System.nanoTime() - start) / 1_000;
    }

    private static String summary(long[] micros) {
        return "median " + percentile(micros, 50) + " µs, p99 " + percentile(micros, 99) + " µs";
    }

    private static long percentile(long[] micros, int p) {
        long[] sorted = micros.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, sorted.length * p / 100)];
    }
}
