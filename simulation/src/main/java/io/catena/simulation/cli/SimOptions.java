package io.catena.simulation.cli;

import io.catena.core.protocol.Protocol;
import io.catena.simulation.client.ClientPolicy;
import io.catena.simulation.cluster.SimConfig;
import io.catena.harness.cli.EpochOffsetsFlag;
import io.catena.harness.cli.ProtocolFlags;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.simulation.fault.FaultMix;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.core.config.keys.SettingUnit;
import io.catena.core.protocol.RegionSetup;
import io.catena.core.wan.LatencyMatrix;
import io.catena.simulation.net.NetworkConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The options that shape a simulated deployment, shared by the simulator's commands. A sweep's
 * configuration comes from these options alone, so that {@link #replayFlags} can name every one
 * that differs from its default and a failing seed replays exactly.
 */
public final class SimOptions {

    @Option(names = "--workload", defaultValue = "list-append", paramLabel = "SPEC",
            description = "list-append | bank | kv | rmw, optionally with :key=value,... (default: ${DEFAULT-VALUE})")
    String workload;

    @Option(names = "--protocol", defaultValue = "catena", paramLabel = "NAME",
            description = "catena, or a comparison protocol: 2pl | occ (the paper's baselines, Paxos Commit over 2PL or OCC),"
                    + " helios (the dissertation's, at the latency bound with --epoch-offsets auto) (default: ${DEFAULT-VALUE})")
    String protocol;

    @Option(names = "--faults", defaultValue = "none", paramLabel = "MIX",
            description = "none | partition | pause | loss | crash-cs | crash-coord | join | leave | move | ownership | takeover | mixed"
                    + " | storage | flaky-store | late-copies (default: ${DEFAULT-VALUE})")
    String faults;

    @Option(names = "--preset", defaultValue = "gcp3", paramLabel = "MATRIX",
            description = "latency matrix: gcp3 (the paper's 3 regions) | ec2-5 (the dissertation's 5) (default: ${DEFAULT-VALUE})")
    String preset;

    /** One flag per protocol setting, as the lab's commands have them. */
    @Mixin
    ProtocolFlags settings;

    @Option(names = "--network", defaultValue = "calm", paramLabel = "KIND",
            description = "calm (jitter only) | rough (loss, duplication, reordering) (default: ${DEFAULT-VALUE})")
    String network;

    @Option(names = "--client-loss", defaultValue = "0", paramLabel = "P",
            description = "share of the messages between clients and their region that are lost, as in a broken"
                    + " connection (clients resend; with --client-timeout-ms they look outcomes up, which may"
                    + " then come before a copy of the request) (default: ${DEFAULT-VALUE})")
    double clientLoss;

    @Option(names = "--load-s", defaultValue = "2", paramLabel = "S",
            description = "seconds of simulated load per seed (default: ${DEFAULT-VALUE})")
    double loadSeconds;

    @Option(names = "--clients", defaultValue = "4", paramLabel = "N",
            description = "closed-loop clients per region (default: ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--rate", defaultValue = "0", paramLabel = "TPS",
            description = "open-loop Poisson arrivals per region per second instead of closed-loop clients (0: off)")
    double rate;

    @Option(names = "--client-timeout-ms", defaultValue = "0", paramLabel = "MS",
            description = "clients give up waiting this long and go on, as applications do when the client library"
                    + " gives up, and look the outcome of a read-write transaction up (0: they wait for ever;"
                    + " default: ${DEFAULT-VALUE})")
    double clientTimeoutMillis;

    @Option(names = "--storage-ms", defaultValue = "0.03-0.12", paramLabel = "MIN-MAX",
            description = "how long a storage call takes, uniformly in this range (default: ${DEFAULT-VALUE}); a"
                    + " loaded real store takes hundreds of milliseconds")
    String storageMillis;

    @Option(names = "--max-clock-offset-ms", defaultValue = "3", paramLabel = "MS",
            description = "each region's clock is off by a seeded draw of up to this much (default: ${DEFAULT-VALUE})")
    double maxClockOffsetMillis;

    @Option(names = ProtocolKeys.EPOCH_OFFSETS_FLAG, defaultValue = "none", paramLabel = "OFFSETS",
            description = EpochOffsetsFlag.DESCRIPTION)
    String epochOffsets;

    @Option(names = "--chain-memory-bytes", defaultValue = "unlimited", paramLabel = "SIZE",
            description = "each chain server's memory budget: idle partitions beyond it are evicted, least recently"
                    + " used first, and loaded again from the store when touched (a size such as 64KiB, or"
                    + " unlimited; default: ${DEFAULT-VALUE})")
    String chainMemory;

    /** The configuration of a run with these options. */
    public SimConfig toConfig() {
        NetworkConfig net = switch (network) {
            case "calm" -> NetworkConfig.calm();
            case "rough" -> NetworkConfig.rough();
            default -> throw new IllegalArgumentException("unknown network '" + network + "'; use calm or rough");
        };
        ClientPolicy policy = rate > 0 ? ClientPolicy.openLoop(rate, 1_500_000) : ClientPolicy.closedLoop(2_000, 1_500_000);
        if (clientTimeoutMillis != 0) {
            policy = policy.givingUpAfter(Math.max(1, micros("--client-timeout-ms", clientTimeoutMillis)));
        }
        LatencyMatrix matrix = LatencyMatrix.preset(preset);
        SimConfig.Builder config = SimConfig.builder()
                .matrix(matrix)
                .epochOffsetsMicros(EpochOffsetsFlag.parse(epochOffsets, matrix))
                .network(net.withClientLoss(clientLoss))
                .faults(FaultMix.parse(faults))
                .workload(WorkloadSpec.parse(workload))
                .loadMicros(Math.round(loadSeconds * 1_000_000))
                .clientsPerRegion(rate > 0 ? 1 : clients)
                .clients(policy)
                .storageMicros(storageMicros(0), storageMicros(1))
                .chainServerMemoryBytes(chainMemoryBytes())
                .maxClockOffsetMicros(micros("--max-clock-offset-ms", maxClockOffsetMillis));
        settings.values().forEach(config::set);
        return config
                .protocol(Protocol.parse(protocol))
                .build();
    }

    /**
     * The options given by {@code args} (each option's default where absent); other arguments
     * are refused.
     *
     * @throws IllegalArgumentException naming the argument picocli could not take
     */
    public static SimOptions parse(String... args) {
        SimOptions options = new SimOptions();
        try {
            CommandLine.populateCommand(options, args);
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return options;
    }

    /**
     * Every option whose value differs from its default, as command-line flags in declaration
     * order. Read from the options themselves, so a new option can never be left out of a replay.
     */
    public String replayFlags() {
        CommandSpec spec = CommandSpec.forAnnotatedObject(this);
        List<String> flags = new ArrayList<>();
        for (OptionSpec option : spec.options()) {
            String value = String.valueOf((Object) option.getValue());
            Optional<SettingKey> key = keyOf(option);
            boolean same = key.isPresent() ? key.get().parseFlag(value) == key.get().parseFlag(option.defaultValue())
                    : same(value, option.defaultValue());
            if (!same) {
                flags.add(option.names()[0] + " " + value);
            }
        }
        return String.join(" ", flags);
    }

    /** The protocol setting an option sets, known by the key's flag. */
    static Optional<SettingKey> keyOf(OptionSpec option) {
        return ProtocolKeys.NUMERIC.stream().filter(k -> k.flag().equals(option.names()[0])).findFirst();
    }

    /** Whether an option's value is its default, comparing numbers as numbers (10 and 10.0). */
    private static boolean same(String value, String defaultValue) {
        if (value.equals(defaultValue)) {
            return true;
        }
        try {
            return Double.parseDouble(value) == Double.parseDouble(defaultValue);
        } catch (NumberFormatException | NullPointerException e) {
            return false;
        }
    }

    private static long micros(String option, double millis) {
        if (millis < 0 || Double.isNaN(millis)) {
            throw new IllegalArgumentException(option + " must be 0 or more, not " + millis);
        }
        return Math.round(millis * 1000);
    }

    private long chainMemoryBytes() {
        if (chainMemory.equals("unlimited")) {
            return RegionSetup.UNLIMITED;
        }
        try {
            return SettingUnit.BYTES.parse(chainMemory);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--chain-memory-bytes takes a size such as 64KiB or 65536, or"
                    + " unlimited, not '" + chainMemory + "'", e);
        }
    }

    private long storageMicros(int bound) {
        String[] range = storageMillis.split("-");
        try {
            if (range.length != 2) {
                throw new NumberFormatException();
            }
            return Math.round(Double.parseDouble(range[bound].trim()) * 1000);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--storage-ms takes a range of milliseconds such as 0.03-0.12 or"
                    + " 200-1500, not '" + storageMillis + "'");
        }
    }

    /** The options in a few words, for the first line of a run. */
    public String describe() {
        Map<SettingKey, String> given = settings.texts();
        return "workload=" + workload + " faults=" + faults + " preset=" + preset
                + " f=" + given.get(ProtocolKeys.FAULT_TOLERANCE) + " network=" + network
                + " epoch=" + given.get(ProtocolKeys.EPOCH_LENGTH) + " load=" + loadSeconds + "s"
                + " storage=" + storageMillis + "ms"
                + (maxClockOffsetMillis == 3 ? "" : " clockOffset=" + maxClockOffsetMillis + "ms")
                + unlessDefault(given, ProtocolKeys.DELAY_TOLERANCE) + unlessDefault(given, ProtocolKeys.ORDERING_GRACE)
                + unlessDefault(given, ProtocolKeys.VOTE_WINDOW_EPOCHS)
                + unlessDefault(given, ProtocolKeys.RETRANSMIT_AFTER) + unlessDefault(given, ProtocolKeys.REDUNDANT_EPOCHS)
                + (clientTimeoutMillis == 0 ? "" : " clientTimeout=" + clientTimeoutMillis + "ms")
                + (clientLoss == 0 ? "" : " clientLoss=" + clientLoss)
                + (chainMemory.equals("unlimited") ? "" : " chainMemory=" + chainMemory)
                + (epochOffsets.equals("none") ? "" : " epochOffsets=" + epochOffsets)
                + " limits=" + given.get(ProtocolKeys.MAX_TRANSACTION_BYTES) + "/"
                + given.get(ProtocolKeys.MAX_RECORD_BYTES) + "/" + given.get(ProtocolKeys.MAX_EPOCH_MESSAGE_BYTES);
    }

    private static String unlessDefault(Map<SettingKey, String> given, SettingKey key) {
        String text = given.get(key);
        return key.parseFlag(text) == key.defaultValue() ? "" : " " + key.name() + "=" + text;
    }
}
