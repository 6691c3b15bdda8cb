package io.catena.server.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingUnit;
import io.catena.core.config.keys.ValueKey;
import io.catena.storage.cassandra.CassandraKeys;
import io.catena.storage.hbase.HBaseKeys;
import io.catena.wire.TlsSettings;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a configuration back as a complete YAML file, every default spelled out, in the order
 * of the documented schema: what a process really runs with, for {@code --print-config} and for
 * comparing two processes by eye. {@link ConfigFile} reads it back to an equal configuration.
 */
final class ConfigYamlWriter {

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build();

    private ConfigYamlWriter() {
    }

    static String write(ServerConfig config) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("cluster", config.cluster());
        file.put("region", config.region());
        config.genesis().ifPresent(g -> file.put("genesis", g.toString()));
        file.put("regions", config.regions().stream().map(ConfigYamlWriter::region).toList());
        file.put("protocol", protocol(config.protocol()));
        file.put("storage", storage(config.storage()));
        if (config.wan().emulated()) {
            file.put("wan", wan(config.wan()));
        }
        config.tls().ifPresent(tls -> file.put("tls", tls(tls)));
        file.put("network", network(config.network()));
        config.chainServer().memoryBudget().ifPresent(b -> file.put("chainServer",
                Map.of(ChainServerKeys.MEMORY_BUDGET.name(), ChainServerKeys.MEMORY_BUDGET.written(b))));
        config.zookeeper().ifPresent(zk -> file.put("zookeeper", zookeeper(zk)));
        try {
            return YAML.writeValueAsString(file);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("maps of strings and numbers always render", e);
        }
    }

    private static Map<String, Object> region(RegionEndpoint region) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", region.name());
        out.put("address", region.address().toString());
        region.metrics().ifPresent(m -> out.put("metrics", m.toString()));
        if (region.split()) {
            out.put("chainServers", region.chainServers().stream().map(ConfigYamlWriter::chainServer).toList());
        }
        if (region.hasStandbys()) {
            out.put("standbys", region.standbys().stream().map(ConfigYamlWriter::standby).toList());
        }
        put(out, ProtocolKeys.EPOCH_OFFSET, region.epochOffsetMicros());
        return out;
    }

    private static Map<String, Object> standby(StandbyEndpoint standby) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("address", standby.address().toString());
        standby.metrics().ifPresent(m -> out.put("metrics", m.toString()));
        return out;
    }

    private static Map<String, Object> zookeeper(ZooKeeperSettings zookeeper) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("servers", zookeeper.servers().stream().map(HostPort::toString).toList());
        out.put("sessionTimeout", TimeSpan.ofMillis(zookeeper.sessionTimeout().toMillis()).toString());
        return out;
    }

    private static Map<String, Object> chainServer(ChainServerEndpoint server) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("address", server.address().toString());
        server.metrics().ifPresent(m -> out.put("metrics", m.toString()));
        server.beside().ifPresent(b -> out.put("beside", b.toString()));
        return out;
    }

    private static Map<String, Object> protocol(ProtocolSettings p) {
        Map<String, Object> out = new LinkedHashMap<>();
        p.values().forEach((key, value) -> out.put(key.name(), written(key.unit(), value)));
        out.put(ProtocolKeys.ALGORITHM.name(), p.algorithm().name());
        return out;
    }

    /** Counts as YAML numbers, durations, sizes and {@code auto} as the text an operator writes. */
    private static Object written(SettingUnit unit, long value) {
        boolean count = unit == SettingUnit.COUNT || unit == SettingUnit.EPOCHS_OR_AUTO && value != SettingUnit.AUTO;
        return count ? value : unit.format(value);
    }

    private static Map<String, Object> storage(StorageSettings s) {
        Map<String, Object> out = new LinkedHashMap<>();
        put(out, StorageKeys.BACKEND, s.backend());
        s.journal().ifPresent(j -> put(out, StorageKeys.JOURNAL, j));
        s.cassandra().ifPresent(c -> out.put("cassandra", cassandra(c)));
        s.hbase().ifPresent(h -> {
            Map<String, Object> section = new LinkedHashMap<>();
            section.put("zookeeper", h.zookeeper().stream().map(HostPort::toString).toList());
            h.namespace().ifPresent(n -> put(section, HBaseKeys.NAMESPACE, n));
            put(section, HBaseKeys.OPERATION_TIMEOUT, h.operationTimeout());
            out.put("hbase", section);
        });
        return out;
    }

    private static Map<String, Object> cassandra(CassandraStoreSettings c) {
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("contactPoints", c.contactPoints().stream().map(HostPort::toString).toList());
        put(section, CassandraKeys.LOCAL_DATACENTER, c.localDatacenter());
        c.keyspace().ifPresent(k -> put(section, CassandraKeys.KEYSPACE, k));
        put(section, CassandraKeys.CONSISTENCY, c.consistency());
        put(section, CassandraKeys.REQUEST_TIMEOUT, c.requestTimeout());
        put(section, CassandraKeys.REPLICATION_FACTOR, c.replicationFactor());
        c.login().ifPresent(l -> {
            put(section, StorageKeys.USERNAME, l.username());
            put(section, StorageKeys.PASSWORD_FILE, l.passwordFile());
        });
        return section;
    }

    private static Map<String, Object> wan(WanSettings w) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (w.preset().isPresent()) {
            put(out, WanKeys.PRESET, w.preset().get());
        } else {
            out.put("matrix", w.roundTrips().stream()
                    .map(row -> row.stream().map(TimeSpan::toString).toList()).toList());
        }
        put(out, WanKeys.JITTER, w.jitter());
        put(out, WanKeys.LOSS, w.loss());
        return out;
    }

    private static Map<String, Object> tls(TlsSettings t) {
        Map<String, Object> out = new LinkedHashMap<>();
        put(out, TlsKeys.CERTIFICATE, t.certificateChain());
        put(out, TlsKeys.PRIVATE_KEY, t.privateKey());
        put(out, TlsKeys.TRUSTED_CA, t.trustedCertificates());
        return out;
    }

    private static Map<String, Object> network(NetworkSettings n) {
        Map<String, Object> out = new LinkedHashMap<>();
        n.listenHost().ifPresent(h -> put(out, NetworkKeys.LISTEN_HOST, h));
        put(out, NetworkKeys.MAX_FRAME_BYTES, n.maxFrameBytes());
        put(out, NetworkKeys.SEND_QUEUE_FRAMES, n.sendQueueFrames());
        return out;
    }

    /** {@code key: value} as the key writes its value. */
    private static <T> void put(Map<String, Object> section, ValueKey<T> key, T value) {
        section.put(key.name(), key.written(value));
    }
}
