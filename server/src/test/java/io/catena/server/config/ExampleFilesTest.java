package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.catena.core.config.keys.ConfigKey;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.ValueKey;
import io.catena.storage.cassandra.CassandraKeys;
import io.catena.storage.hbase.HBaseKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The example cluster in deploy/local: its files load, agree, and match their README. */
class ExampleFilesTest {

    private static final List<String> REGIONS = List.of("us-central1", "europe-west1", "asia-east1");
    private static final Path LOCAL = deployLocal();

    /** Every catalogue of keys, by the section it sets. */
    private static final Map<String, List<? extends ConfigKey>> KEYS = keys();

    @ParameterizedTest
    @ValueSource(strings = {"us-central1", "europe-west1", "asia-east1"})
    void eachFileRunsItsRegion(String region) {
        ServerConfig config = ConfigFile.load(LOCAL.resolve(region + ".yaml"));
        int index = REGIONS.indexOf(region);
        assertThat(config.cluster()).isEqualTo("local");
        assertThat(config.region()).isEqualTo(region);
        assertThat(config.regionNames()).containsExactlyElementsOf(REGIONS);
        assertThat(config.listenAddress()).isEqualTo(HostPort.of("127.0.0.1", 7101 + index));
        assertThat(config.metricsListenAddress()).contains(HostPort.of("127.0.0.1", 9101 + index));
        assertThat(config.storage().journal()).contains(LOCAL.resolve("data").resolve(region).toAbsolutePath().normalize());
        assertThat(config.wan().preset()).contains("gcp3");
        assertThat(config.protocol()).isEqualTo(ProtocolSettings.defaults());
    }

    @ParameterizedTest
    @ValueSource(strings = {"us-central1", "europe-west1", "asia-east1"})
    void eachFileSurvivesARoundTrip(String region) {
        ServerConfig config = ConfigFile.load(LOCAL.resolve(region + ".yaml"));
        assertThat(ConfigFile.parse(config.toYaml(), "written.yaml", Path.of("/"), null)).isEqualTo(config);
    }

    @ParameterizedTest
    @ValueSource(strings = {"us-central1", "europe-west1", "asia-east1"})
    void theSplitLayoutGivesEachChainServerAProcess(String region) {
        ServerConfig config = ConfigFile.load(LOCAL.resolve("split").resolve(region + ".yaml"));
        int index = REGIONS.indexOf(region);
        assertThat(config.cluster()).isEqualTo("local-split");
        assertThat(config.split()).isTrue();
        assertThat(config.listenAddress()).isEqualTo(HostPort.of("127.0.0.1", 7201 + index));
        assertThat(config.self().chainServers()).extracting(ChainServerEndpoint::address).containsExactly(
                HostPort.of("127.0.0.1", 7211 + 10 * index), HostPort.of("127.0.0.1", 7212 + 10 * index));
        assertThat(config.storage().journal()).contains(LOCAL.resolve("data/split").resolve(region).toAbsolutePath()
                .normalize());
        assertThat(config.fingerprint()).isEqualTo(ConfigFile.load(LOCAL.resolve("split/us-central1.yaml"))
                .fingerprint());
    }

    @Test
    void theFilesShareOneFingerprint() {
        assertThat(REGIONS.stream().map(r -> ConfigFile.load(LOCAL.resolve(r + ".yaml")).fingerprint()))
                .hasSize(3).containsOnly(ConfigFile.load(LOCAL.resolve("us-central1.yaml")).fingerprint());
    }

    @Test
    void theFilesDifferOnlyInPerProcessLines() throws IOException {
        List<String> first = Files.readAllLines(LOCAL.resolve("us-central1.yaml"));
        for (String region : REGIONS.subList(1, 3)) {
            List<String> other = Files.readAllLines(LOCAL.resolve(region + ".yaml"));
            assertThat(other).hasSameSizeAs(first);
            for (int i = 0; i < first.size(); i++) {
                if (!first.get(i).equals(other.get(i))) {
                    assertThat(other.get(i)).contains(region)
                            .matches("^(# Catena region process|# Run:|region:|  journal:).*");
                }
            }
        }
    }

    @Test
    void theReadmesSampleOutputIsWhatCatenaPrints() throws IOException {
        String readme = Files.readString(LOCAL.resolve("README.md"));
        Matcher sample = Pattern.compile("A file with problems[^`]*```\\n(.*?)\\n```", Pattern.DOTALL).matcher(readme);
        assertThat(sample.find()).isTrue();
        String broken = Files.readString(LOCAL.resolve("us-central1.yaml"))
                .replace("region: us-central1 ", "region: us-centrl1  ")
                .replace("  epochLength:", "  epochLenght:");
        Throwable refused = catchThrowable(() ->
                ConfigFile.parse(broken, "deploy/local/us-central1.yaml", LOCAL, null));
        assertThat(refused).isInstanceOf(ConfigException.class).hasMessage(sample.group(1));
    }

    @Test
    void theReadmeDocumentsEveryKey() throws IOException {
        String readme = Files.readString(LOCAL.resolve("README.md"));
        ServerConfig complete = ConfigFile.load(CompleteFileTest.resource("config/complete.yaml"));
        for (String key : keyPaths(complete.toYaml())) {
            assertThat(readme).as(key).contains("| `" + key + "` |");
        }
    }

    @Test
    void theReadmesRowsGiveEveryKeysDefault() throws IOException {
        String readme = Files.readString(LOCAL.resolve("README.md"));
        KEYS.forEach((section, keys) -> {
            for (ConfigKey key : keys) {
                String row = "\\| `" + Pattern.quote(section + "." + key.name()) + "` \\|[^\\n]*";
                boolean hasDefault = !(key instanceof ValueKey<?> value && value.defaultValue().isEmpty());
                assertThat(readme).as(section + "." + key.name()).containsPattern(hasDefault
                        ? row + "\\| `" + Pattern.quote(key.defaultText()) + "`[^|\\n]*\\|\\n" : row + "\\|\\n");
            }
        });
    }

    /** Every key path in a YAML text that holds a value or a list, with list indexes written {@code []}. */
    private static List<String> keyPaths(String yaml) {
        ConfigProblems problems = new ConfigProblems("written");
        ConfigNode.Mapping root = ConfigTreeParser.parse(yaml, problems).orElseThrow();
        List<String> paths = new ArrayList<>();
        collect(root, "", paths);
        return paths.stream().distinct().toList();
    }

    private static void collect(ConfigNode node, String path, List<String> paths) {
        if (node instanceof ConfigNode.Mapping mapping) {
            for (ConfigNode.Entry entry : mapping.entries()) {
                String child = path.isEmpty() ? entry.key() : path + "." + entry.key();
                if (!(entry.value() instanceof ConfigNode.Mapping)) {
                    paths.add(child);
                }
                collect(entry.value(), child, paths);
            }
        } else if (node instanceof ConfigNode.Sequence sequence && !path.equals("wan.matrix")) {
            sequence.items().forEach(item -> collect(item, path + "[]", paths));
        }
    }

    private static Map<String, List<? extends ConfigKey>> keys() {
        Map<String, List<? extends ConfigKey>> keys = new LinkedHashMap<>();
        List<ConfigKey> protocol = new ArrayList<>(ProtocolKeys.NUMERIC);
        protocol.add(ProtocolKeys.ALGORITHM);
        keys.put("protocol", protocol);
        keys.put("regions[]", List.of(ProtocolKeys.EPOCH_OFFSET));
        keys.put("storage", StorageKeys.ALL);
        List<ConfigKey> cassandra = new ArrayList<>(CassandraKeys.ALL);
        cassandra.addAll(StorageKeys.LOGIN);
        keys.put("storage.cassandra", cassandra);
        keys.put("storage.hbase", HBaseKeys.ALL);
        keys.put("wan", WanKeys.ALL);
        keys.put("tls", TlsKeys.ALL);
        keys.put("network", NetworkKeys.ALL);
        keys.put("chainServer", ChainServerKeys.ALL);
        return keys;
    }

    private static Path deployLocal() {
        Path directory = Path.of("").toAbsolutePath();
        while (directory != null && !Files.isDirectory(directory.resolve("deploy/local"))) {
            directory = directory.getParent();
        }
        if (directory == null) {
            throw new IllegalStateException("deploy/local not found above " + Path.of("").toAbsolutePath());
        }
        return directory.resolve("deploy/local");
    }
}
