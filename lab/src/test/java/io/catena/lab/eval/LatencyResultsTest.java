package io.catena.lab.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.catena.core.protocol.Protocol;
import io.catena.core.wan.LatencyMatrix;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table, CSV file, ratios and charts of {@code catena eval latency}, from hand-made regions' figures. */
class LatencyResultsTest {

    private static final LatencyPanel GCP_UNIFORM = new LatencyPanel(LatencyMatrix.gcp3(), KvWorkload.UNIFORM);
    private static final Protocol TWO_PL = Protocol.parse("2pl");

    @TempDir
    Path dir;

    /** Catena at 100, 205 and 305 ms (passed); 2PL at 200, 300 and no commits in asia-east1 (failed). */
    private static LatencyResults gcp3Uniform() {
        LatencyResults results = new LatencyResults();
        List<MatrixRegion> regions = GCP_UNIFORM.regions();
        double[] catenaP50 = {100, 205, 305};
        for (MatrixRegion r : regions) {
            results.add(new RegionPoint(GCP_UNIFORM, Protocol.CATENA, r,
                    new RegionLatency(400, 40, catenaP50[r.index()], 2 * catenaP50[r.index()]), true));
        }
        results.add(new RegionPoint(GCP_UNIFORM, TWO_PL, regions.get(0), new RegionLatency(200, 20, 200, 400), false));
        results.add(new RegionPoint(GCP_UNIFORM, TWO_PL, regions.get(1), new RegionLatency(130, 13, 300, 600), false));
        results.add(new RegionPoint(GCP_UNIFORM, TWO_PL, regions.get(2),
                new RegionLatency(0, 0, Double.NaN, Double.NaN), false));
        return results;
    }

    @Test
    void aRegionsMedianIsSetAgainstItsOwnBound() {
        RegionPoint usCentral = new RegionPoint(GCP_UNIFORM, Protocol.CATENA, GCP_UNIFORM.regions().get(0),
                new RegionLatency(1, 1, 100, 200), true);
        RegionPoint asia = new RegionPoint(GCP_UNIFORM, Protocol.CATENA, GCP_UNIFORM.regions().get(2),
                new RegionLatency(1, 1, 305, 400), true);
        RegionPoint atZero = new RegionPoint(GCP_UNIFORM, Protocol.CATENA, new MatrixRegion(0, "here", 0),
                new RegionLatency(1, 1, 5, 5), true);

        assertThat(usCentral.p50OverBound()).isCloseTo(40.0, within(1e-9));
        assertThat(asia.p50OverBound()).isCloseTo(2.0, within(1e-9));
        assertThat(atZero.p50OverBound()).as("no ratio to a bound of 0").isNaN();
    }

    @Test
    void theTableHasARowPerRegionAndProtocolAndEachProtocolsMeansOverTheRegions() {
        String table = gcp3Uniform().table();

        assertThat(table).startsWith("gcp3, uniform: read-write commit latency per region; bound: the region's share of "
                + "the lower bound, which holds for the mean");
        List<String> rows = table.lines().filter(l -> l.startsWith("  ") && !l.contains("region ")).toList();
        assertThat(rows).hasSize(8);
        assertThat(rows.get(0)).matches("  us-central1 +catena +100\\.0 +200\\.0 +40\\.0 +2\\.5 +40\\.00  pass");
        assertThat(rows.get(1)).matches("  us-central1 +2pl +200\\.0 +400\\.0 +20\\.0 +2\\.5 +80\\.00  FAIL");
        assertThat(rows.get(4)).matches("  asia-east1 +catena +305\\.0 +610\\.0 +40\\.0 +152\\.5 +2\\.00  pass");
        assertThat(rows.get(5)).as("a region without commits has no median and no ratio")
                .matches("  asia-east1 +2pl +- +- +0\\.0 +152\\.5 +-  FAIL");
        assertThat(rows.get(6)).isEqualTo("  mean over regions, catena   p50 203.3 ms, bound 85.8 ms, p50/bound 2.37");
        assertThat(rows.get(7)).as("no mean over the regions that committed only")
                .isEqualTo("  mean over regions, 2pl      p50 - ms, bound 85.8 ms, p50/bound -");
    }

    @Test
    void aFailedRunFailsTheWholeComparison() {
        assertThat(gcp3Uniform().allChecksPassed()).isFalse();

        LatencyResults passed = new LatencyResults();
        passed.add(new RegionPoint(GCP_UNIFORM, Protocol.CATENA, GCP_UNIFORM.regions().get(0),
                new RegionLatency(1, 1, 100, 200), true));
        assertThat(passed.allChecksPassed()).isTrue();
    }

    @Test
    void theCsvHasARowPerMatrixWorkloadProtocolAndRegionAndAChartPerMatrixAndWorkload() throws Exception {
        LatencyResults results = gcp3Uniform();
        LatencyPanel ec2Zipf = new LatencyPanel(LatencyMatrix.ec2five(), KvWorkload.ZIPF);
        results.add(new RegionPoint(ec2Zipf, Protocol.CATENA, ec2Zipf.regions().get(4),
                new RegionLatency(50, 5, 250, 500), true));

        List<Path> files = results.write(dir);

        assertThat(files).extracting(f -> f.getFileName().toString())
                .containsExactly("latency.csv", "latency-gcp3-uniform.svg", "latency-ec2-5-zipf.svg");
        List<String> csv = Files.readAllLines(dir.resolve("latency.csv"));
        assertThat(csv).hasSize(1 + 7);
        assertThat(csv.get(0)).isEqualTo("matrix,workload,protocol,region_index,region,committed,per_second,p50_ms,"
                + "p99_ms,bound_ms,p50_over_bound,checks_passed");
        assertThat(csv).contains("gcp3,uniform,catena,1,europe-west1,400,40.00,205.00,410.00,102.50,2.000,true",
                "gcp3,uniform,2pl,2,asia-east1,0,0.00,NaN,NaN,152.50,NaN,false",
                "ec2-5,zipf,catena,4,singapore,50,5.00,250.00,500.00,200.00,1.250,true");
        String gcpChart = Files.readString(dir.resolve("latency-gcp3-uniform.svg"));
        assertThat(gcpChart).startsWith("<svg").contains(">us-central1<", ">europe-west1<", ">asia-east1<",
                ">catena<", ">2pl<", ">bound (optimal)<");
        assertThat(Files.readString(dir.resolve("latency-ec2-5-zipf.svg"))).contains(">singapore<", ">catena<")
                .doesNotContain(">2pl<");
    }
}
