package io.catena.server.tpcc;

import io.catena.baselines.Protocol;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.server.config.StorageBackend;
import io.catena.server.config.TimeSpan;
import io.catena.server.report.Check;
import io.catena.tpcc.TpccMix;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccTransaction;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * TPC-C end to end: three regions in one JVM, terminals in every region running the standard mix
 * through the client library; afterwards TPC-C's consistency conditions hold in every region and
 * the regions are identical.
 */
class TpccRunTest {

    @Test
    void theStandardMixKeepsEveryConditionInEveryRegion() throws Exception {
        TpccOptions options = new TpccOptions(3, "none", TimeSpan.ofMillis(10), 3, StorageBackend.MEMORY,
                new TpccScale(2, 3, 30, 200), TpccMix.standard(), 4, TimeSpan.ofMicros(0), TimeSpan.ofSeconds(6),
                Protocol.CATENA);
        StringWriter text = new StringWriter();

        TpccReport report = new TpccRun(options, new PrintWriter(text, true)).execute();

        String rendered = report.render();
        assertThat(report.checks()).allSatisfy(c -> assertThat(c.passed()).as(c.description() + "\n" + rendered)
                .isTrue());
        assertThat(report.checks().stream().map(Check::description))
                .anyMatch(d -> d.startsWith("all 3 regions hold identical state"))
                .filteredOn(d -> d.startsWith("TPC-C consistency conditions in")).hasSize(3);
        for (TpccTransaction t : TpccTransaction.values()) {
            assertThat(report.total().types().get(t).committed()).as(t.label() + " committed\n" + rendered)
                    .isPositive();
        }
        assertThat(rendered).contains("checks: all");
    }
}
