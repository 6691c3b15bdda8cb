package io.catena.server.config;

import io.catena.core.config.keys.ChoiceKey;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.core.config.keys.ValueKey;
import io.catena.core.protocol.Protocol;
import io.catena.storage.cassandra.CassandraKeys;
import io.catena.storage.hbase.HBaseKeys;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads a parsed configuration file into a {@link ServerConfig.Builder}: each key into its type,
 * reporting wrong types, unknown keys and keys the file needs. What the values mean together is
 * left to {@link ConfigValidator}, which configurations built in code go through as well.
 */
final class ConfigFileReader {

    private final Path baseDirectory;
    private final ConfigProblems problems;
    private final ServerConfig.Builder draft = ServerConfig.builder();

    private ConfigFileReader(Path baseDirectory, ConfigProblems problems) {
        this.baseDirectory = baseDirectory;
        this.problems = problems;
    }

    /**
     * The file's settings; problems go to {@code problems}.
     *
     * @param baseDirectory what relative paths in the file are relative to: the file's directory
     */
    static ServerConfig.Builder read(ConfigNode.Mapping root, Path baseDirectory, ConfigProblems problems) {
        return new ConfigFileReader(baseDirectory, problems).read(new MappingReader(root, "", problems));
    }

    private ServerConfig.Builder read(MappingReader top) {
        top.value("cluster", "a name", Function.identity()).ifPresent(draft::cluster);
        top.value("region", "a region name", Function.identity()).ifPresent(draft::region);
        top.value("genesis", "an instant such as 2026-11-21T09:00:00Z", ConfigFileReader::instant)
                .ifPresent(draft::genesis);
        Optional<List<ConfigNode>> regions = top.sequence("regions", "a list of regions");
        if (top.node("regions").isEmpty()) {
            problems.add("regions", "missing required key");
        }
        regions.ifPresent(this::regions);
        top.mapping("protocol").ifPresent(this::protocol);
        top.mapping("storage").ifPresent(this::storage);
        top.mapping("wan").ifPresent(this::wan);
        top.mapping("tls").ifPresent(this::tls);
        top.mapping("network").ifPresent(this::network);
        top.mapping("chainServer").ifPresent(this::chainServer);
        top.mapping("zookeeper").ifPresent(this::zookeeper);
        top.rejectUnknownKeys();
        return draft;
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException unreadable) {
            throw new IllegalArgumentException("'" + text + "' is not an instant in UTC such as 2026-11-21T09:00:00Z");
        }
    }

    private void regions(List<ConfigNode> items) {
        for (int i = 0; i < items.size(); i++) {
            String path = "regions[" + i + "]";
            if (!(items.get(i) instanceof ConfigNode.Mapping mapping)) {
                problems.add(path, "expected a mapping with name: and address:, not " + items.get(i).kind());
                continue;
            }
            MappingReader region = new MappingReader(mapping, path, problems);
            String name = region.value("name", "a region name", Function.identity()).orElse(null);
            HostPort address = region.value("address", "host:port", HostPort::parse).orElse(null);
            HostPort metrics = region.value("metrics", "host:port", HostPort::parse).orElse(null);
            List<ServerConfig.Builder.ChainServerEntry> servers = region.sequence("chainServers",
                    "a list of chain-server processes").map(list -> chainServers(path, list)).orElse(List.of());
            List<ServerConfig.Builder.StandbyEntry> standbys = region.sequence("standbys",
                    "a list of standby coordinator processes").map(list -> standbys(path, list)).orElse(List.of());
            long epochOffset = region.value(ProtocolKeys.EPOCH_OFFSET).orElse(ProtocolKeys.EPOCH_OFFSET.byDefault());
            region.rejectUnknownKeys();
            draft.addRegionEntry(name, address, metrics, servers, standbys, epochOffset);
        }
    }

    private List<ServerConfig.Builder.StandbyEntry> standbys(String regionPath, List<ConfigNode> items) {
        List<ServerConfig.Builder.StandbyEntry> standbys = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String path = regionPath + ".standbys[" + i + "]";
            if (!(items.get(i) instanceof ConfigNode.Mapping mapping)) {
                problems.add(path, "expected a mapping with address: (and optionally metrics:), not "
                        + items.get(i).kind());
                continue;
            }
            MappingReader standby = new MappingReader(mapping, path, problems);
            HostPort address = standby.value("address", "host:port", HostPort::parse).orElse(null);
            HostPort metrics = standby.value("metrics", "host:port", HostPort::parse).orElse(null);
            standby.rejectUnknownKeys();
            standbys.add(new ServerConfig.Builder.StandbyEntry(address, metrics));
        }
        return standbys;
    }

    private void zookeeper(MappingReader in) {
        Optional<List<HostPort>> servers = hostList(in, "servers", "127.0.0.1:2181");
        Duration timeout = in.value("sessionTimeout", "a duration such as 10s", TimeSpan::parse)
                .map(t -> Duration.ofNanos(Math.multiplyExact(t.micros(), 1_000L))).orElse(ZooKeeperSettings.DEFAULT_SESSION_TIMEOUT);
        if (timeout.compareTo(Duration.ofSeconds(1)) < 0 || timeout.compareTo(Duration.ofMinutes(2)) > 0) {
            problems.add(in.path("sessionTimeout"), "must be between 1s and 2min, not " + timeout.toMillis() + "ms");
        }
        in.rejectUnknownKeys();
        servers.ifPresent(s -> draft.zookeeper(new ZooKeeperSettings(s, timeout)));
    }

    private List<ServerConfig.Builder.ChainServerEntry> chainServers(String regionPath, List<ConfigNode> items) {
        List<ServerConfig.Builder.ChainServerEntry> servers = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String path = regionPath + ".chainServers[" + i + "]";
            if (!(items.get(i) instanceof ConfigNode.Mapping mapping)) {
                problems.add(path, "expected a mapping with address: (and optionally metrics: and beside:), not "
                        + items.get(i).kind());
                continue;
            }
            MappingReader server = new MappingReader(mapping, path, problems);
            HostPort address = server.value("address", "host:port", HostPort::parse).orElse(null);
            HostPort metrics = server.value("metrics", "host:port", HostPort::parse).orElse(null);
            HostPort beside = server.value("beside", "host:port", HostPort::parse).orElse(null);
            server.rejectUnknownKeys();
            servers.add(new ServerConfig.Builder.ChainServerEntry(address, metrics, beside));
        }
        return servers;
    }

    private void protocol(MappingReader in) {
        ProtocolSettings p = ProtocolSettings.defaults();
        for (SettingKey key : ProtocolKeys.NUMERIC) {
            Optional<Long> value = in.value(key.name(), key.unit().expected(), key.unit()::parse);
            if (value.isPresent()) {
                p = p.with(key, value.get());
            }
        }
        ChoiceKey algorithm = ProtocolKeys.ALGORITHM;
        p = in.value(algorithm.name(), algorithm.expected(), Protocol::parse).map(p::withAlgorithm).orElse(p);
        in.rejectUnknownKeys();
        draft.protocol(p);
    }

    private void storage(MappingReader in) {
        StorageBackend backend = in.value(StorageKeys.BACKEND).orElse(StorageKeys.BACKEND.byDefault());
        Optional<Path> journal = in.value(StorageKeys.JOURNAL).map(this::path);
        Optional<CassandraStoreSettings> cassandra = in.mapping("cassandra").flatMap(this::cassandra);
        Optional<HBaseStoreSettings> hbase = in.mapping("hbase").flatMap(this::hbase);
        in.rejectUnknownKeys();
        if (journal.isPresent() && backend != StorageBackend.MEMORY) {
            problems.add("storage.journal", "only the memory backend keeps a journal; " + backend.configName()
                    + " keeps the region's data in its own cluster, so remove this key");
        }
        requireSectionOf(StorageBackend.CASSANDRA, backend, in.node("cassandra").isPresent());
        requireSectionOf(StorageBackend.HBASE, backend, in.node("hbase").isPresent());
        draft.storage(new StorageSettings(backend, journal, cassandra, hbase));
    }

    /** A backend's section is there exactly when that backend is chosen. */
    private void requireSectionOf(StorageBackend owner, StorageBackend chosen, boolean written) {
        String section = "storage." + owner.configName();
        if (chosen == owner && !written) {
            problems.add(section, "missing: storage.backend is " + owner.configName() + ", so say where its cluster is "
                    + "(" + (owner == StorageBackend.CASSANDRA ? "contactPoints" : "zookeeper") + ")");
        } else if (chosen != owner && written) {
            problems.add(section, "is only read with storage.backend: " + owner.configName() + " (the backend is "
                    + chosen.configName() + "); remove it or change the backend");
        }
    }

    private Optional<CassandraStoreSettings> cassandra(MappingReader in) {
        Optional<List<HostPort>> contactPoints = hostList(in, "contactPoints", "127.0.0.1:9042");
        String datacenter = valueOrDefault(in, CassandraKeys.LOCAL_DATACENTER);
        Optional<String> keyspace = in.value(CassandraKeys.KEYSPACE);
        String consistency = valueOrDefault(in, CassandraKeys.CONSISTENCY);
        Duration timeout = valueOrDefault(in, CassandraKeys.REQUEST_TIMEOUT);
        int replication = valueOrDefault(in, CassandraKeys.REPLICATION_FACTOR);
        Optional<StoreLogin> login = login(in);
        in.rejectUnknownKeys();
        return contactPoints.map(points -> new CassandraStoreSettings(points, datacenter, keyspace, consistency,
                timeout, replication, login));
    }

    /** {@code username} and {@code passwordFile}, which come together or not at all. */
    private Optional<StoreLogin> login(MappingReader in) {
        Optional<String> username = in.value(StorageKeys.USERNAME);
        Optional<Path> passwordFile = in.value(StorageKeys.PASSWORD_FILE).map(this::path);
        String usernameKey = StorageKeys.USERNAME.name();
        String passwordFileKey = StorageKeys.PASSWORD_FILE.name();
        if (username.isPresent() && passwordFile.isEmpty() && in.node(passwordFileKey).isEmpty()) {
            problems.add(in.path(passwordFileKey), "missing: with a username, give the file holding its password");
        } else if (username.isEmpty() && passwordFile.isPresent() && in.node(usernameKey).isEmpty()) {
            problems.add(in.path(usernameKey), "missing: with a passwordFile, give the user name it belongs to");
        }
        return username.flatMap(u -> passwordFile.map(f -> new StoreLogin(u, f)));
    }

    /** The value of {@code key}, or its default when the key is left out or refused. */
    private static <T> T valueOrDefault(MappingReader in, ValueKey<T> key) {
        return in.value(key).orElse(key.byDefault());
    }

    private Optional<HBaseStoreSettings> hbase(MappingReader in) {
        Optional<List<HostPort>> quorum = hostList(in, "zookeeper", "127.0.0.1:2181");
        Optional<String> namespace = in.value(HBaseKeys.NAMESPACE);
        Duration timeout = valueOrDefault(in, HBaseKeys.OPERATION_TIMEOUT);
        in.rejectUnknownKeys();
        return quorum.map(q -> new HBaseStoreSettings(q, namespace, timeout));
    }

    /** A required, non-empty list of {@code host:port} addresses under {@code key}. */
    private Optional<List<HostPort>> hostList(MappingReader in, String key, String example) {
        String expected = "a list of addresses such as [" + example + "]";
        Optional<List<ConfigNode>> items = in.sequence(key, expected);
        if (in.node(key).isEmpty()) {
            problems.add(in.path(key), "missing required key; give " + expected);
            return Optional.empty();
        }
        if (items.isEmpty()) {
            return Optional.empty();
        }
        if (items.get().isEmpty()) {
            problems.add(in.path(key), "needs at least one address, such as " + example);
            return Optional.empty();
        }
        List<HostPort> hosts = new ArrayList<>();
        for (int i = 0; i < items.get().size(); i++) {
            MappingReader.parse(items.get().get(i), in.path(key) + "[" + i + "]", "an address such as " + example,
                    HostPort::parse, problems).ifPresent(hosts::add);
        }
        return hosts.size() == items.get().size() ? Optional.of(hosts) : Optional.empty();
    }

    private void wan(MappingReader in) {
        WanSettings w = WanSettings.none();
        Optional<String> preset = in.value(WanKeys.PRESET);
        Optional<List<ConfigNode>> matrix = in.sequence("matrix", "a list of rows of round trips");
        if (preset.isPresent() && in.node("matrix").isPresent()) {
            problems.add("wan.matrix", "give either wan.preset or wan.matrix, not both");
        } else if (preset.isPresent()) {
            w = WanSettings.preset(preset.get());
        } else if (matrix.isPresent()) {
            w = roundTrips(matrix.get()).map(WanSettings::matrix).orElse(w);
        }
        w = in.value(WanKeys.JITTER).map(w::withJitter).orElse(w);
        w = in.value(WanKeys.LOSS).map(w::withLoss).orElse(w);
        in.rejectUnknownKeys();
        draft.wan(w);
    }

    /** The matrix's rows, or nothing when any cell cannot be read. */
    private Optional<List<List<TimeSpan>>> roundTrips(List<ConfigNode> rows) {
        List<List<TimeSpan>> matrix = new ArrayList<>();
        boolean readable = true;
        for (int i = 0; i < rows.size(); i++) {
            String rowPath = "wan.matrix[" + i + "]";
            List<TimeSpan> row = new ArrayList<>();
            List<ConfigNode> cells = MappingReader.items(rows.get(i), rowPath,
                    "a list of round trips such as [0ms, 105ms]", problems).orElse(null);
            if (cells == null) {
                readable = false;
                continue;
            }
            for (int j = 0; j < cells.size(); j++) {
                Optional<TimeSpan> cell = MappingReader.parse(cells.get(j), rowPath + "[" + j + "]",
                        "a duration such as 105ms", TimeSpan::parse, problems);
                readable &= cell.isPresent();
                cell.ifPresent(row::add);
            }
            matrix.add(row);
        }
        return readable ? Optional.of(matrix) : Optional.empty();
    }

    private void tls(MappingReader in) {
        Path certificate = in.value(TlsKeys.CERTIFICATE).map(this::path).orElse(null);
        Path privateKey = in.value(TlsKeys.PRIVATE_KEY).map(this::path).orElse(null);
        Path trustedCa = in.value(TlsKeys.TRUSTED_CA).map(this::path).orElse(null);
        in.rejectUnknownKeys();
        draft.tlsFiles(certificate, privateKey, trustedCa);
    }

    private void network(MappingReader in) {
        NetworkSettings n = NetworkSettings.defaults();
        n = in.form(NetworkKeys.LISTEN_HOST).map(n::withListenHost).orElse(n);
        n = in.form(NetworkKeys.MAX_FRAME_BYTES).map(n::withMaxFrameBytes).orElse(n);
        n = in.form(NetworkKeys.SEND_QUEUE_FRAMES).map(n::withSendQueueFrames).orElse(n);
        in.rejectUnknownKeys();
        draft.network(n);
    }

    private void chainServer(MappingReader in) {
        ChainServerSettings c = ChainServerSettings.defaults();
        c = in.form(ChainServerKeys.MEMORY_BUDGET).map(c::withMemoryBudget).orElse(c);
        in.rejectUnknownKeys();
        draft.chainServer(c);
    }

    /** A path relative to the file's directory, so that a file means the same from any working directory. */
    private Path path(Path written) {
        return baseDirectory.resolve(written).normalize();
    }
}
