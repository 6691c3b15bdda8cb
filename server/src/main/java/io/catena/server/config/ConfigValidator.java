package io.catena.server.config;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.keys.ValueKey;
import io.catena.wire.TlsSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Validates a configuration as a whole, whether read from a file or built in code, collecting
 * every problem before it gives up; each rule reports at the key path that breaks it. Rules on
 * the protocol's numbers are the core's own ({@link ClusterConfigCheck}).
 */
final class ConfigValidator {

    private final ServerConfig.Builder draft;
    private final ConfigProblems problems;

    private ConfigValidator(ServerConfig.Builder draft, ConfigProblems problems) {
        this.draft = draft;
        this.problems = problems;
    }

    /**
     * The validated configuration.
     *
     * @param problems        problems found so far (while reading a file), with its key lines
     * @param fromCommandLine whether the selected region came from the command line
     * @throws ConfigException listing every problem, earlier ones included
     */
    static ServerConfig validate(ServerConfig.Builder draft, ConfigProblems problems, boolean fromCommandLine) {
        return new ConfigValidator(draft, problems).validate(fromCommandLine);
    }

    private ServerConfig validate(boolean fromCommandLine) {
        NameRule.check("cluster", draft.cluster, problems);
        List<RegionEndpoint> regions = RegionListCheck.check(draft.regions, problems);
        List<String> names = draft.regions.stream().map(ServerConfig.Builder.RegionEntry::name).toList();
        RegionListCheck.checkSelected(draft.region, names.stream().filter(Objects::nonNull).distinct().toList(),
                fromCommandLine, problems);
        // The core's cross-field rules would only echo problems already reported about their inputs.
        Optional<ClusterConfig> core = Optional.empty();
        if (!problems.hasUnder("regions") && !problems.hasUnder("protocol")) {
            core = ClusterConfigCheck.build(names, draft.protocol,
                    draft.regions.stream().map(ServerConfig.Builder.RegionEntry::epochOffsetMicros).toList(), problems);
        }
        WanSettings wan = WanCheck.resolve(draft.wan, names, problems);
        StorageSettings storage = storage();
        core.ifPresent(c -> RegionListCheck.checkChainServerCount(regions, c.chainServersPerRegion(),
                storage.backend(), problems));
        splitStorage(regions, storage);
        RegionListCheck.checkStandbys(regions, draft.region, draft.zookeeper, storage.backend(), problems);
        Optional<TlsSettings> tls = tls();
        network(core);
        draft.chainServer.memoryBudget().ifPresent(b -> check("chainServer", ChainServerKeys.MEMORY_BUDGET, b));
        sharedListenPort(regions);
        problems.throwIfAny();
        return new ServerConfig(draft.cluster, draft.region, regions, draft.protocol, storage, wan, tls,
                draft.network, draft.chainServer, Optional.ofNullable(draft.genesis),
                Optional.ofNullable(draft.zookeeper));
    }

    private StorageSettings storage() {
        Optional<Path> journal = draft.storage.journal().map(ConfigValidator::absolute);
        if (journal.isPresent() && Files.exists(journal.get()) && !Files.isDirectory(journal.get())) {
            problems.add("storage.journal", journal.get() + " exists and is not a directory");
        }
        Optional<CassandraStoreSettings> cassandra = draft.storage.cassandra().map(c -> c.withLogin(
                c.login().flatMap(l -> Optional.ofNullable(readableFile("storage.cassandra.passwordFile",
                        l.passwordFile())).map(l::withPasswordFile))));
        return new StorageSettings(draft.storage.backend(), journal, cassandra, draft.storage.hbase());
    }

    /**
     * The embedded store of a region split over processes is partitioned: each chain-server
     * process keeps the keys of its chain server in a journal of its own, so it must have one (a
     * volatile store would lose a restarted chain server's keys while the region went on).
     */
    private void splitStorage(List<RegionEndpoint> regions, StorageSettings storage) {
        boolean split = regions.stream().anyMatch(r -> r.name().equals(draft.region) && r.split());
        if (split && storage.backend() == StorageBackend.MEMORY && storage.journal().isEmpty()) {
            problems.add("storage.journal", "missing: region " + draft.region + " runs its chain servers in processes "
                    + "of their own, and on the memory backend each keeps its keys in its own journal (this path "
                    + "with -cs0, -cs1... added); set a journal directory, or use Cassandra or HBase");
        }
    }

    private Optional<TlsSettings> tls() {
        if (!draft.tls) {
            return Optional.empty();
        }
        Path certificate = requiredFile("tls.certificate", draft.certificate);
        Path privateKey = requiredFile("tls.privateKey", draft.privateKey);
        Path trustedCa = requiredFile("tls.trustedCa", draft.trustedCa);
        if (certificate == null || privateKey == null || trustedCa == null) {
            return Optional.empty();
        }
        return Optional.of(TlsSettings.mutual(certificate, privateKey, trustedCa));
    }

    /** The file's absolute path, or null after reporting it missing or unreadable. */
    private Path requiredFile(String path, Path file) {
        if (file == null) {
            if (!problems.hasAt(path)) {
                problems.add(path, "missing required key");
            }
            return null;
        }
        return readableFile(path, file);
    }

    /** The file's absolute path, or null after reporting it absent or unreadable. */
    private Path readableFile(String path, Path file) {
        Path absolute = absolute(file);
        String problem = !Files.exists(absolute) ? " does not exist"
                : Files.isDirectory(absolute) ? " is a directory, not a file"
                : !Files.isReadable(absolute) ? " cannot be read by this process" : null;
        if (problem != null) {
            problems.add(path, absolute + problem);
            return null;
        }
        return absolute;
    }

    /**
     * The network settings; with valid protocol settings ({@code core}), also that an epoch message
     * of the largest size the protocol allows fits in a frame, since a frame too large to send is
     * resent forever and stalls the link.
     */
    private void network(Optional<ClusterConfig> core) {
        NetworkSettings network = draft.network;
        network.listenHost().ifPresent(h -> check("network", NetworkKeys.LISTEN_HOST, h));
        ByteSize frame = network.maxFrameBytes();
        boolean frameInRange = check("network", NetworkKeys.MAX_FRAME_BYTES, frame);
        if (frameInRange && core.isPresent() && core.get().maxEpochMessageBytes() > frame.bytes()) {
            ByteSize message = ByteSize.ofBytes(core.get().maxEpochMessageBytes());
            problems.add("network.maxFrameBytes", "must hold the largest epoch message, protocol.maxEpochMessageBytes ("
                    + message + "), not " + frame + "; raise it, or lower the protocol's size limits in every region");
        }
        check("network", NetworkKeys.SEND_QUEUE_FRAMES, network.sendQueueFrames());
    }

    /** Whether a setting of {@code section} keeps its key's rule; reports it when not. */
    private <T> boolean check(String section, ValueKey<T> key, T value) {
        Optional<String> wrong = key.check(value);
        wrong.ifPresent(w -> problems.add(section + "." + key.name(), w));
        return wrong.isEmpty();
    }

    /** On one listen host, the region port and the metrics port of this process must differ. */
    private void sharedListenPort(List<RegionEndpoint> regions) {
        Optional<String> listenHost = draft.network.listenHost();
        if (listenHost.isEmpty()) {
            return;
        }
        regions.stream().filter(r -> r.name().equals(draft.region)).findFirst()
                .flatMap(self -> self.metrics().filter(m -> m.port() == self.address().port()))
                .ifPresent(metrics -> problems.add("network.listenHost", "puts the region port and the metrics "
                        + "port, both " + metrics.port() + ", on " + listenHost.get() + "; give them different ports"));
    }

    private static Path absolute(Path path) {
        return path.toAbsolutePath().normalize();
    }
}
