package io.catena.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** What {@code catena tpcc --url} refuses before it connects to anything. */
class TpccCommandTest {

    private static final String URL = "catena://127.0.0.1:1/local?region=us-central1";

    @Test
    void anOptionThatShapesTheInProcessClusterIsRefusedWithAUrl() {
        for (String option : new String[] {"--storage=hbase", "--protocol=2pl", "--regions=5", "--epoch=5ms",
                "--preset=ec2-5"}) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();

            int status = CatenaCommand.execute(new String[] {"tpcc", "--url", URL, option},
                    new PrintWriter(out, true), new PrintWriter(err, true));

            String name = option.substring(0, option.indexOf('='));
            assertThat(status).as(option).isNotZero();
            assertThat(err.toString()).as(option).contains(name + " shapes the cluster catena tpcc starts")
                    .contains("leave " + name + " out").doesNotContain("\tat ");
        }
    }

    @Test
    void aRegionGivenTwiceIsRefused() {
        StringWriter err = new StringWriter();

        int status = CatenaCommand.execute(new String[] {"tpcc", "--url", URL, "--url", URL},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));

        assertThat(status).isNotZero();
        assertThat(err.toString()).contains("region us-central1 is given twice; give one --url per region");
    }
}
