package io.catena.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.keys.ProtocolKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every flag of the lab's catena that sets a protocol setting is named and defaulted as the setting's key. */
class ProtocolFlagsTest {

    @Test
    void keyFlagsCarryTheKeysNamesAndDefaults() {
        List<OptionSpec> options = optionsOf(new CommandLine(CatenaCommand.class));
        assertThat(options).anyMatch(o -> o.longestName().equals(ProtocolKeys.EPOCH_LENGTH.flag()));
        assertThat(options.stream()
                .map(o -> ProtocolKeys.flagMismatch(List.of(o.names()), o.defaultValue())).flatMap(Optional::stream))
                .isEmpty();
    }

    private static List<OptionSpec> optionsOf(CommandLine command) {
        List<OptionSpec> options = new ArrayList<>(command.getCommandSpec().options());
        command.getSubcommands().values().forEach(sub -> options.addAll(optionsOf(sub)));
        return options;
    }
}
