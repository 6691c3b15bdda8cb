package site.ycsb.db.catena;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.protocol.Protocol;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A bad property ends a run in one sentence that names it, through {@code ycsb-catena} (before
 * YCSB starts) and through YCSB's own Client (as a YCSB distribution runs the binding).
 */
class BadPropertiesTest {

    @RegisterExtension
    static final LoopbackRegions REGIONS = new LoopbackRegions();

    private static YcsbOutput ycsbCatena(String... properties) throws Exception {
        List<String> args = new ArrayList<>(List.of("load", "-P", "workloads/workloada"));
        for (String p : properties) {
            args.addAll(List.of("-p", p));
        }
        return YcsbProcess.ycsbCatena(args);
    }

    /** The run ended with exit code 2 and its last words are {@code sentence}, alone on its line. */
    private static void refusedWith(YcsbOutput out, String sentence) {
        assertThat(out.exitCode()).as("exit code\n%s", out).isEqualTo(2);
        List<String> lines = out.stderr().lines().toList();
        assertThat(lines).as("error stream\n%s", out).isNotEmpty();
        assertThat(lines.get(lines.size() - 1)).isEqualTo("ycsb-catena: " + sentence);
        assertThat(out.stdout()).doesNotContain("[INSERT]");
    }

    @Test
    void noUrl() throws Exception {
        refusedWith(ycsbCatena(), "No catena.url is set: give one region's URL with -p catena.url=catena://HOST:PORT/"
                + "CLUSTER?region=NAME, or start an embedded cluster with -p catena.embedded=true.");
    }

    @Test
    void regionTheClusterDoesNotHave() throws Exception {
        String url = REGIONS.url().replace("region=region0", "region=mars");
        YcsbOutput out = ycsbCatena("catena.url=" + url);
        assertThat(out.exitCode()).as("exit code\n%s", out).isEqualTo(2);
        List<String> lines = out.stderr().lines().toList();
        assertThat(lines.get(lines.size() - 1)).startsWith("ycsb-catena: Could not connect to region 'mars' at 127.0.0.1:")
                .contains("this is region region0");
    }

    @Test
    void regionThatIsNotTheUrls() throws Exception {
        refusedWith(ycsbCatena("catena.url=" + REGIONS.url(), "catena.region=region1"),
                "The catena.region 'region1' is not the region of catena.url ('region0'); leave catena.region out or"
                        + " give a URL of that region.");
    }

    @Test
    void regionTheEmbeddedClusterDoesNotHave() throws Exception {
        refusedWith(ycsbCatena("catena.embedded=true", "catena.latency=gcp3", "catena.region=mars"),
                "The catena.region 'mars' is not a region of the embedded cluster; it has us-central1, europe-west1,"
                        + " asia-east1.");
    }

    @Test
    void protocolThatDoesNotExist() throws Exception {
        refusedWith(ycsbCatena("catena.embedded=true", "catena.protocol=paxos"),
                "The catena.protocol 'paxos' is no protocol; it takes " + String.join(", ", Protocol.names()) + ".");
    }

    @Test
    void reservedTable() throws Exception {
        refusedWith(ycsbCatena("catena.url=" + REGIONS.url(), "table=__log"),
                "The table '__log' cannot hold YCSB records: Catena keeps the tables whose names start with __ for"
                        + " itself and needs a name; choose another with -p table=NAME.");
    }

    @Test
    void retriesThatAreNoNumber() throws Exception {
        refusedWith(ycsbCatena("catena.url=" + REGIONS.url(), "catena.retries=many"),
                "The catena.retries 'many' is not a whole number from 0 to 100.");
    }

    @Test
    void timeoutBeyondTheLimit() throws Exception {
        refusedWith(ycsbCatena("catena.url=" + REGIONS.url(), "catena.timeout=30s"),
                "The catena.timeout '30s' is not a duration from 1ms to 20s; write it as 500ms or 5s.");
    }

    @Test
    void ycsbsOwnClientSaysTheSentenceToo() throws Exception {
        YcsbOutput out = YcsbProcess.client(List.of("-load", "-db", CatenaClient.class.getName(),
                "-P", "workloads/workloada", "-p", "recordcount=10"));
        assertThat(out.stderr()).as("error stream\n%s", out).contains("[CATENA] No catena.url is set: give one"
                + " region's URL with -p catena.url=");
        assertThat(out.count("INSERT", "Operations")).isZero();
    }
}
