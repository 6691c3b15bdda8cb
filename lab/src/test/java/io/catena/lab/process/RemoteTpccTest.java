package io.catena.lab.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.lab.demo.RemoteRegions;
import io.catena.lab.fault.ThreeRegionProcesses;
import io.catena.lab.tpcc.TpccOptions;
import io.catena.lab.tpcc.TpccReport;
import io.catena.lab.tpcc.TpccRun;
import io.catena.server.config.TimeSpan;
import io.catena.tpcc.TpccMix;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccTransaction;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code catena tpcc --url}: three {@code catena region} processes preloaded with a TPC-C
 * database, driven from this JVM through the client library; TPC-C's conditions are then checked
 * in every region through snapshot reads of whole partitions, and the regions compared.
 */
class RemoteTpccTest {

    private static final TpccScale SCALE = new TpccScale(1, TpccScale.STANDARD_DISTRICTS, 30, 100);
    private static final String PRELOAD = "tpcc:warehouses=1,customers=30,items=100";

    @TempDir
    Path dir;

    @Test
    void theStandardMixRunAgainstRegionProcessesKeepsEveryConditionInEveryRegion() throws Exception {
        try (ThreeRegionProcesses cluster = ThreeRegionProcesses.start(dir, "catena", PRELOAD)) {
            List<String> urls = IntStream.range(0, 3).mapToObj(cluster::url).toList();
            StringWriter text = new StringWriter();

            TpccReport report = new TpccRun(remote(urls), options(SCALE), new PrintWriter(text, true)).execute();

            String rendered = report.render();
            assertThat(report.allChecksPassed()).as(rendered).isTrue();
            assertThat(rendered).contains("all 3 regions hold identical state in the");
            for (String region : ThreeRegionProcesses.REGIONS) {
                assertThat(rendered).contains("TPC-C consistency conditions in " + region + ": ");
            }
            for (TpccTransaction t : TpccTransaction.values()) {
                assertThat(report.figures(t).committed()).as(t.label() + " committed\n" + rendered).isPositive();
            }
            assertThat(text.toString()).contains("through snapshot reads");

            TpccScale more = new TpccScale(2, TpccScale.STANDARD_DISTRICTS, 30, 100);
            assertThatThrownBy(() -> new TpccRun(remote(urls), options(more), new PrintWriter(new StringWriter(), true))
                    .execute())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("region us-central1 does not hold this run's TPC-C database (the region has "
                            + "no rows in partition tpcc_warehouse_ytd/2")
                    .hasMessageContaining("--preload tpcc:warehouses=2,customers=30,items=100");
            TpccScale moreCustomers = new TpccScale(1, TpccScale.STANDARD_DISTRICTS, 40, 100);
            assertThatThrownBy(() -> new TpccRun(remote(urls), options(moreCustomers),
                    new PrintWriter(new StringWriter(), true)).execute())
                    .hasMessageContaining("district 1 of warehouse 1 has 30 customers where a load at");
        }
    }

    private static RemoteRegions remote(List<String> urls) {
        return new RemoteRegions(urls, TpccRun.TERMINAL_TIMEOUT);
    }

    private static TpccOptions options(TpccScale scale) {
        return new TpccOptions(scale, TpccMix.standard(), 3, TimeSpan.ofSeconds(2), TimeSpan.ofSeconds(6), 3);
    }
}
