package io.catena.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.keys.ProtocolKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every flag of the lab's catena that sets a protocol setting is named and defaulted as the setting's key. */
class ProtocolFlagsTest {

    @Test
    void keyFlagsCarryTheKeysNamesAndDefaults() {
        List<OptionSpec> options = optionsOf(new CommandLine(CatenaCommand.class));
        assertThat(options.stream()
                .map(o -> ProtocolKeys.flagMismatch(List.of(o.names()), o.defaultValue())).flatMap(Optional::stream))
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo", "bench", "tpcc"})
    void everyCommandThatStartsAClusterHasEveryKeysFlag(String name) {
        CommandLine command = new CommandLine(CatenaCommand.class).getSubcommands().get(name);
        assertThat(ProtocolKeys.missingFlags(optionsOf(command).stream().flatMap(o -> Stream.of(o.names())).toList()))
                .isEmpty();
    }

    @Test
    void anEpochWithoutAUnitIsMilliseconds() {
        ClusterShapeOptions bare = new ClusterShapeOptions();
        new CommandLine(bare).parseArgs("--epoch", "5");
        ClusterShapeOptions withUnit = new ClusterShapeOptions();
        new CommandLine(withUnit).parseArgs("--epoch-ms", "5ms", "--retransmit-after", "1s");
        assertThat(bare.shape().epochLength()).isEqualTo(withUnit.shape().epochLength());
        assertThat(withUnit.shape().protocolConfig(List.of("a", "b", "c")).retransmitAfterMicros())
                .isEqualTo(1_000_000);
    }

    private static List<OptionSpec> optionsOf(CommandLine command) {
        List<OptionSpec> options = new ArrayList<>(command.getCommandSpec().options());
        command.getSubcommands().values().forEach(sub -> options.addAll(optionsOf(sub)));
        return options;
    }
}
