package io.catena.simulation.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.ClusterConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every flag of catena-sim that sets a protocol setting is that setting's key: its names and its default. */
class ProtocolFlagsTest {

    @Test
    void keyFlagsCarryTheKeysNamesAndDefaults() {
        assertThat(optionsOf(new CommandLine(SimCommand.class)).stream()
                .map(o -> ProtocolKeys.flagMismatch(List.of(o.names()), o.defaultValue())).flatMap(Optional::stream))
                .isEmpty();
    }

    @Test
    void everyKeyHasItsFlag() {
        assertThat(ProtocolKeys.missingFlags(optionsOf(new CommandLine(SimCommand.class)).stream()
                .flatMap(o -> Stream.of(o.names())).toList())).isEmpty();
    }

    @Test
    void theVoteWindowRetransmissionAndRedundancyReachTheCluster() {
        ClusterConfig cluster = SimOptions.parse("--vote-window-epochs", "30", "--retransmit-after", "250ms",
                "--redundant-epochs", "2").toConfig().cluster();
        assertThat(cluster.voteWindowEpochs()).isEqualTo(30);
        assertThat(cluster.retransmitAfterMicros()).isEqualTo(250_000);
        assertThat(cluster.redundantEpochs()).isEqualTo(2);
    }

    static List<OptionSpec> optionsOf(CommandLine command) {
        List<OptionSpec> options = new ArrayList<>(command.getCommandSpec().options());
        command.getSubcommands().values().forEach(sub -> options.addAll(optionsOf(sub)));
        return options;
    }

    @Test
    void oldFlagsStillWork() {
        SimOptions options = SimOptions.parse("--epoch-ms", "5", "--delay-tolerance-ms", "120",
                "--ordering-grace-ms", "1.5", "--max-txn-bytes", "2048", "--max-record-bytes", "5120", "--max-message-bytes", "6144");
        assertThat(options.toConfig()).isEqualTo(SimOptions.parse("--epoch", "5ms", "--delay-tolerance", "120ms",
                "--ordering-grace", "1500us", "--max-transaction-bytes", "2KiB", "--max-record-bytes", "5KiB",
                "--max-epoch-message-bytes", "6144")
                .toConfig());
    }
}
