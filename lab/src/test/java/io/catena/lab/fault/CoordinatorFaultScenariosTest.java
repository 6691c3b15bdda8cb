package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.lab.report.Check;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short forms of {@code catena fault}'s coordinator scenarios: the first region runs a leader
 * and a standby coordinator as processes of their own over a Cassandra server, elected through a
 * ZooKeeper server, and every check of the run passes (history, money, identical regions, commits
 * after the heal) however its leader dies, freezes or loses ZooKeeper.
 */
class CoordinatorFaultScenariosTest {

    private static final Duration BEFORE = Duration.ofSeconds(4);
    private static final Duration FAULT_FOR = Duration.ofSeconds(3);
    private static final Duration AFTER = Duration.ofSeconds(5);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void aKilledLeaderIsSucceededByItsStandbyTwiceWithoutALostOrDoubledCommit() throws Exception {
        FaultReport report = run("kill-leader", 2);
        assertThat(report.findings()).anyMatch(line -> line.startsWith("failovers of us-central1: 2; takeover"));
    }

    @Test
    void aFrozenLeaderWakingUpAfterItsSuccessorTookOverStepsDownHavingWrittenNothing() throws Exception {
        FaultReport report = run("pause-leader", 1);
        assertThat(report.findings()).anyMatch(line -> line.startsWith("failovers of us-central1: 1; takeover"));
    }

    @Test
    void aRestartedZooKeeperStallsItsRegionUntilALeaderIsElectedAgain() throws Exception {
        FaultReport report = run("restart-zookeeper", 1);
        assertThat(report.timeline().seconds()).as("a second of the outage without a commit in us-central1")
                .anyMatch(s -> s.phase() == FaultTimeline.Phase.FAULT && s.byRegion().get(0) == 0);
    }

    private FaultReport run(String scenario, int repeat) throws Exception {
        FaultOptions options = new FaultOptions(scenario, "europe-west1", 0, BEFORE, FAULT_FOR, AFTER, 4, 7,
                "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3", dir.resolve("run"), dir.resolve("timeline.csv"),
                repeat);
        StringWriter out = new StringWriter();
        FaultReport report = new FaultRun(FaultScenarios.named(scenario), options, new PrintWriter(out, true)).run();
        assertThat(report.checks()).as("the run's report:\n%s", out).allMatch(Check::passed);
        assertThat(out.toString()).doesNotContain("replay:");
        return report;
    }
}
