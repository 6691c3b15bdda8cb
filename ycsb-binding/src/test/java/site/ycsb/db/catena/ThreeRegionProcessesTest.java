package site.ycsb.db.catena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The closed economy through YCSB's own Client against three {@code catena region} processes:
 * loaded through one region, run through another, and counted at the end in the region it ran in.
 */
class ThreeRegionProcessesTest {

    @Test
    void closedEconomyAcrossRegionProcessesKeepsItsMoney(@TempDir Path dir) throws Exception {
        try (RegionProcesses regions = RegionProcesses.start(dir)) {
            YcsbOutput load = YcsbProcess.client(List.of("-load", "-db", CatenaClient.class.getName(),
                    "-P", "workloads/workloadce", "-p", "recordcount=30", "-p", "catena.url=" + regions.url(0),
                    "-threads", "4"));
            assertThat(load.count("INSERT", "Return=OK")).as("accounts\n%s", load).isEqualTo(30);

            YcsbOutput run = YcsbProcess.client(List.of("-t", "-db", CatenaClient.class.getName(),
                    "-P", "workloads/workloadce", "-p", "recordcount=30", "-p", "operationcount=100",
                    "-p", "catena.retries=50", "-p", "catena.url=" + regions.url(1), "-threads", "4"));
            assertThat(run.exitCode()).as("YCSB's exit code\n%s", run).isZero();
            assertThat(run.value("CLOSED-ECONOMY", "ANOMALY SCORE")).as("anomaly score\n%s", run).isEqualTo("0.0");
            assertThat(run.count("CLOSED-ECONOMY", "Counted total")).isEqualTo(30_000);
            assertThat(run.count("CLOSED-ECONOMY", "Transactions")).isEqualTo(100);
            assertThat(run.count("COMMIT", "Return=OK")).isEqualTo(run.count("CLOSED-ECONOMY", "Committed"))
                    .isPositive();
            assertThat(run.notOk()).as("statuses other than OK\n%s", run)
                    .allSatisfy(line -> assertThat(line).contains("Return=CONFLICT"));
        }
    }
}
