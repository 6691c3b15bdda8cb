package io.catena.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.protocol.Protocol;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code catena eval latency}'s options, read before any run starts. */
class EvalLatencyCommandTest {

    @Test
    void everyProtocolOnTheClassPathIsComparedByDefault() {
        CommandLine eval = new CommandLine(new EvalCommand());
        eval.parseArgs("latency");
        EvalCommand.Latency latency = eval.getSubcommands().get("latency").getCommand();

        assertThat(latency.eval.protocols).extracting(Protocol::name).containsExactlyElementsOf(Protocol.names())
                .contains("catena", "2pl", "occ", "helios", "mf");
        assertThat(latency.clients).isEqualTo(4);
        assertThat(latency.matrices).containsExactly("gcp3", "ec2-5");
        assertThat(latency.workloads).containsExactly("uniform", "zipf");
        assertThat(latency.epochOffsets).as("the protocols at their best, next to the bound").isEqualTo("auto");
    }

    @Test
    void offsetsPerRegionAreRefusedSinceEachMatrixHasItsOwnRegions() {
        StringWriter err = new StringWriter();

        int status = CatenaCommand.execute(new String[] {"eval", "latency", "--epoch-offsets", "0,50,75", "--out",
                "target/never-written"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));

        assertThat(status).isNotZero();
        assertThat(err.toString()).isEqualTo("catena: --epoch-offsets of eval latency is none or auto (each matrix "
                + "has its own regions), not '0,50,75'" + System.lineSeparator());
    }

    @Test
    void thePapersFiguresKeepTheirThreeProtocols() {
        CommandLine eval = new CommandLine(new EvalCommand());
        eval.parseArgs("micro");
        EvalCommand.Micro micro = eval.getSubcommands().get("micro").getCommand();

        assertThat(micro.eval.protocols).extracting(Protocol::name).containsExactly("catena", "2pl", "occ");
    }

    @Test
    void anUnknownMatrixEndsTheCommandWithOneSentence() {
        StringWriter err = new StringWriter();

        int status = CatenaCommand.execute(new String[] {"eval", "latency", "--matrices", "gcp3,aws9", "--out",
                "target/never-written"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));

        assertThat(status).isNotZero();
        assertThat(err.toString()).isEqualTo("catena: unknown matrix 'aws9' in --matrices; expected gcp3 or ec2-5"
                + System.lineSeparator());
    }
}
