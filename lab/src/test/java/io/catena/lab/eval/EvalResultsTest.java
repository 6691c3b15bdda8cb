package io.catena.lab.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.protocol.Protocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalResultsTest {

    @TempDir
    Path dir;

    @Test
    void aFigureBecomesACsvRowPerRunAChartPerPanelAndMetricAndRatiosToEachBaseline() throws Exception {
        EvalResults results = new EvalResults("fig", "clients per region");
        results.add(new EvalPoint("rw", Protocol.CATENA, 8, 800, 100, 150, 300, 0, true));
        results.add(new EvalPoint("rw", Protocol.parse("2pl"), 8, 400, 50, 300, 600, 0.02, true));
        results.add(new EvalPoint("rw", Protocol.parse("occ"), 8, 200, 25, Double.NaN, Double.NaN, 0.5, false));

        List<Path> files = results.write(dir);

        assertThat(files).extracting(f -> f.getFileName().toString()).containsExactly("fig.csv",
                "fig-rw-throughput.svg", "fig-rw-latency.svg", "fig-rw-aborts.svg");
        assertThat(Files.readAllLines(dir.resolve("fig.csv"))).containsExactly(
                "panel,protocol,x,committed,per_second,p50_ms,p99_ms,abort_rate,checks_passed",
                "rw,catena,8,800,100.00,150.00,300.00,0.0000,true",
                "rw,2pl,8,400,50.00,300.00,600.00,0.0200,true",
                "rw,occ,8,200,25.00,NaN,NaN,0.5000,false");
        String svg = Files.readString(dir.resolve("fig-rw-throughput.svg"));
        assertThat(svg).startsWith("<svg").contains("xmlns=\"http://www.w3.org/2000/svg\"").contains(">catena<")
                .contains(">2pl<").contains(">occ<");
        assertThat(Files.readString(dir.resolve("fig-rw-latency.svg"))).as("no line for a run without commits")
                .doesNotContain(">occ<");
        assertThat(results.table())
                .contains("vs 2pl 2.00× throughput, 0.50× latency; vs occ 4.00× throughput, -× latency")
                .contains("FAIL");
        assertThat(results.allChecksPassed()).isFalse();
    }
}
