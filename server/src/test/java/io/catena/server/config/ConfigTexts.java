package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

/**
 * Configuration texts for tests, and shortcuts to load them. {@link #valid} puts the cluster,
 * region and three regions on lines 1 to 9, so that whatever a test appends starts on line 10.
 */
final class ConfigTexts {

    static final String SOURCE = "test.yaml";

    static final String HEAD = """
            cluster: demo
            region: us-central1
            regions:
              - name: us-central1
                address: 127.0.0.1:7101
              - name: europe-west1
                address: 127.0.0.1:7102
              - name: asia-east1
                address: 127.0.0.1:7103
            """;

    private ConfigTexts() {
    }

    /** A valid file with {@code tail} appended from line 10. */
    static String valid(String tail) {
        return HEAD + tail;
    }

    static ServerConfig load(String yaml) {
        return load(yaml, Path.of("/srv/catena"));
    }

    static ServerConfig load(String yaml, Path baseDirectory) {
        return ConfigFile.parse(yaml, SOURCE, baseDirectory, null);
    }

    /** The problems of an invalid text, each rendered as {@code test.yaml:line: path: message}. */
    static List<String> problems(String yaml) {
        return problems(yaml, Path.of("/srv/catena"), null);
    }

    static List<String> problems(String yaml, Path baseDirectory, String region) {
        ConfigException[] caught = new ConfigException[1];
        assertThatThrownBy(() -> ConfigFile.parse(yaml, SOURCE, baseDirectory, region))
                .isInstanceOfSatisfying(ConfigException.class, e -> caught[0] = e);
        return caught[0].problems().stream().map(ConfigProblem::toString).toList();
    }
}
