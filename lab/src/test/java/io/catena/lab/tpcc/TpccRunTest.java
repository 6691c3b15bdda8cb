package io.catena.lab.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.protocol.Protocol;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.TimeSpan;
import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.InProcessRegions;
import io.catena.lab.report.Check;
import io.catena.tpcc.TpccMix;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccTransaction;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TPC-C end to end: three regions in one JVM, terminals in every region running the standard mix
 * through the client library; afterwards TPC-C's consistency conditions hold in every region and
 * the regions are identical, under Catena and under every other protocol the runtime offers (the
 * comparison baselines, Helios).
 */
class TpccRunTest {

    @ParameterizedTest
    @MethodSource("io.catena.core.protocol.Protocol#names")
    void theStandardMixKeepsEveryConditionInEveryRegion(String name) throws Exception {
        Protocol protocol = Protocol.parse(name);
        ClusterShape shape = new ClusterShape(3, "none", Map.of(), StorageBackend.MEMORY, protocol);
        TpccOptions options = new TpccOptions(new TpccScale(2, 3, 30, 200), TpccMix.standard(), 4, TimeSpan.ofMicros(0),
                TimeSpan.ofSeconds(6), 3);
        StringWriter text = new StringWriter();

        TpccReport report = new TpccRun(new InProcessRegions(shape), options, new PrintWriter(text, true)).execute();

        String rendered = report.render();
        assertThat(report.checks()).allSatisfy(c -> assertThat(c.passed()).as(c.description() + "\n" + rendered)
                .isTrue());
        assertThat(report.checks().stream().map(Check::description))
                .anyMatch(d -> d.startsWith("all 3 regions hold identical state"))
                .filteredOn(d -> d.startsWith("TPC-C consistency conditions in")).hasSize(3);
        // Under OCC a Delivery (20 hops over hot district rows) may lose every validation in 6 s;
        // every protocol commits the transactions the conditions are about.
        for (TpccTransaction t : protocol.equals(Protocol.CATENA) ? TpccTransaction.values()
                : new TpccTransaction[] {TpccTransaction.NEW_ORDER, TpccTransaction.PAYMENT}) {
            assertThat(report.total().types().get(t).committed()).as(t.label() + " committed\n" + rendered)
                    .isPositive();
        }
        if (protocol.equals(Protocol.CATENA)) {
            assertThat(report.figures(TpccTransaction.NEW_ORDER).abortRate()).as("Catena aborts nothing for a conflict")
                    .isZero();
        }
        assertThat(rendered).contains("checks: all");
    }
}
