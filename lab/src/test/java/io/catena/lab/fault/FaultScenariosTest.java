package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.lab.cli.CatenaCommand;
import io.catena.lab.report.Check;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short forms of {@code catena fault}'s scenarios, each on three regions of real processes
 * with the WAN through Toxiproxy: every check of the run passes (history, money, identical
 * regions, commits after the heal), and the timeline shows the fault did what it says.
 */
class FaultScenariosTest {

    private static final Duration BEFORE = Duration.ofSeconds(3);
    private static final Duration FAULT_FOR = Duration.ofSeconds(3);
    private static final Duration AFTER = Duration.ofSeconds(4);

    /** Kept when a test fails: the processes' output, journals and history for the failure's report. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void cuttingARegionOffWithoutFaultToleranceStallsEveryRegionUntilTheHeal() throws Exception {
        FaultReport report = run("cut-region", 0);
        assertThat(report.timeline().phase(FaultTimeline.Phase.FAULT).minCommitsPerSecond())
                .as("a second of the cut without a commit").isZero();
    }

    @Test
    void cuttingARegionOffWithFaultToleranceOneLetsTheOthersCommit() throws Exception {
        FaultReport report = run("cut-region", 1);
        assertThat(report.timeline().phase(FaultTimeline.Phase.FAULT).commitsPerSecond())
                .as("commits per second during the cut").isPositive();
    }

    @Test
    void aSlowedAndResetLinkHealsWithoutALostOrDoubledCommit() throws Exception {
        run("slow-link", 0);
    }

    @Test
    void aKilledChainServerProcessStallsItsRegionUntilItRestartsAndRejoins() throws Exception {
        FaultReport report = run("kill-chain-server", 0);
        assertThat(report.timeline().seconds()).as("a second of the kill without a commit in us-central1")
                .anyMatch(s -> s.phase() == FaultTimeline.Phase.FAULT && s.byRegion().get(0) == 0);
    }

    @Test
    void anUnknownScenarioIsRefusedWithTheNamesToChooseFrom() {
        StringWriter err = new StringWriter();
        int status = CatenaCommand.execute(new String[] {"fault", "cut-everything"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err, true));
        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).contains("no fault scenario 'cut-everything': name one of cut-region, slow-link, "
                + "kill-chain-server");
    }

    @Test
    void aDirectoryHoldingAnEarlierRunIsRefusedBeforeAnythingStarts() throws Exception {
        Files.createDirectories(dir.resolve("run"));
        Files.writeString(dir.resolve("run/us-central1.yaml"), "cluster: e2e\n");
        assertThatThrownBy(() -> new FaultRun(FaultScenarios.named("cut-region"), options("cut-region", 0),
                new PrintWriter(new StringWriter())).run())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds files of an earlier run");
    }

    private FaultOptions options(String scenario, int faultTolerance) {
        return new FaultOptions(scenario, "europe-west1", faultTolerance, BEFORE, FAULT_FOR, AFTER, 4, 7,
                "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3", dir.resolve("run"), dir.resolve("timeline.csv"));
    }

    private FaultReport run(String scenario, int faultTolerance) throws Exception {
        FaultOptions options = options(scenario, faultTolerance);
        StringWriter out = new StringWriter();
        FaultReport report = new FaultRun(FaultScenarios.named(scenario), options, new PrintWriter(out, true)).run();
        assertThat(report.checks()).as("the run's report:\n%s", out).allMatch(Check::passed);
        assertThat(out.toString()).doesNotContain("replay:");
        assertThat(dir.resolve("timeline.csv")).content().startsWith("second,committed,");
        return report;
    }
}
