package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryTableTest {

    @Test
    void rendersTheSampleRunExactly() {
        String expected = """
                catena demo: 3 regions, bank workload
                preset: gcp3 | epoch: 10 ms | duration: 3 s | workload: bank | clients: 4 per region

                              rw non-conflicting  rw conflicting    read-only
                region          p50 ms    p99 ms  p50 ms  p99 ms  p50 ms  p99 ms  Helios ms  txn/s  aborts  spec ok
                ---------------------------------------------------------------------------------------------------
                us-central1       55.0      90.0   110.0   130.0     1.5     3.0        2.5    100    2.0%    96.0%
                europe-west1     105.0     105.0   210.0   210.0     1.2     1.2      102.5    100    1.0%        -
                asia-east1       155.0     155.0       -       -       -       -      152.5     50    0.0%        -
                ---------------------------------------------------------------------------------------------------
                all regions      105.0     155.0   200.1   210.0     1.2     3.0          -    250    1.2%        -

                outcomes: 750 committed, 9 aborted (insufficient funds: 8; procedure abort: 1), 0 rejected, 3 dropped, 1 unknown
                PASS  bank total conserved: 1,000,000 = 1,000,000
                FAIL  all 3 regions hold identical state (4,096 rows)
                checks: 1 of 2 FAILED
                """;
        assertThat(SummaryTable.render(SampleRuns.threeRegions())).isEqualTo(expected);
    }

    @Test
    void everyCharacterIsAsciiSoAnyTerminalShowsIt() {
        String table = SummaryTable.render(SampleRuns.threeRegions());
        assertThat(table.chars().filter(c -> c > 0x7e && c != '\n')).isEmpty();
    }

    @Test
    void aRegionThatCommittedNothingShowsDashesNotZerosOrNaN() {
        RegionSummary idle = new RegionSummary("idle", Map.of(), OutcomeCounts.NONE, null, null,
                SampleRuns.series(0, 0));
        String table = SummaryTable.render(new RunSummary("a quiet run", List.of(), List.of(idle), List.of()));
        String row = table.lines().filter(l -> l.startsWith("idle ")).findFirst().orElseThrow();
        assertThat(row.split(" +")).containsExactly("idle", "-", "-", "-", "-", "-", "-", "-", "0", "-", "-");
        assertThat(table).doesNotContain("NaN").contains("checks: none");
    }

    @Test
    void aRunWithoutFactsHasNoFactsLineAndAllChecksPassedSaysSo() {
        RunSummary run = new RunSummary("t", List.of(), SampleRuns.threeRegions().regions(),
                List.of(Check.pass("a"), Check.pass("b")));
        String table = SummaryTable.render(run);
        assertThat(table).startsWith("t\n\n").endsWith("PASS  a\nPASS  b\nchecks: all 2 passed\n");
    }

    @Test
    void outcomesListAbortReasonsMostFrequentFirst() {
        OutcomeCounts o = new OutcomeCounts(1_234_567, Map.of("b", 2L, "a", 2L, "c", 5L), 1, 2, 3);
        assertThat(SummaryTable.outcomes(o))
                .isEqualTo("1,234,567 committed, 9 aborted (c: 5; a: 2; b: 2), 1 rejected, 2 dropped, 3 unknown");
        assertThat(SummaryTable.outcomes(OutcomeCounts.NONE))
                .isEqualTo("0 committed, 0 aborted, 0 rejected, 0 dropped, 0 unknown");
    }
}
