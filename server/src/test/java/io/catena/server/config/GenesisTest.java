package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The cluster's genesis: an instant in UTC, optional in the file, kept when written back. */
class GenesisTest {

    @Test
    void aFileMayNameTheGenesis() {
        ServerConfig config = ConfigTexts.load(ConfigTexts.valid("genesis: 2026-11-21T09:00:00Z\n"));
        assertThat(config.genesis()).contains(Instant.parse("2026-11-21T09:00:00Z"));
    }

    @Test
    void withoutOneTheConfigurationHasNone() {
        assertThat(ConfigTexts.load(ConfigTexts.valid("")).genesis()).isEmpty();
    }

    @Test
    void aGenesisThatIsNotAnInstantIsAProblemOnItsLine() {
        assertThat(ConfigTexts.problems(ConfigTexts.valid("genesis: tomorrow\n")))
                .containsExactly("test.yaml:10: genesis: 'tomorrow' is not an instant in UTC such as 2026-11-21T09:00:00Z");
    }

    @Test
    void theGenesisSurvivesARoundTripThroughYaml() {
        ServerConfig config = ConfigTexts.load(ConfigTexts.valid("genesis: 2026-11-21T09:00:00.5Z\n"));
        assertThat(ConfigTexts.load(config.toYaml()).genesis()).isEqualTo(config.genesis());
    }
}
