package io.catena.server.net;

import io.catena.wire.Hello;
import io.catena.wire.ProcessRole;
import io.catena.wire.WireProtocol;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Who a region process talks to: the checks a {@link Hello} must pass, each failure one sentence
 * that is both sent to the caller and logged. A node accepts nodes of its own cluster that run
 * the same procedures with the same cluster settings and whose clocks are not provably too far
 * ahead of its own, and clients that want its region, if they say Hello in time. A region split
 * over processes ({@link RegionLayout}) admits its own processes as members in the roles its file
 * places, and only its coordinator's process admits clients and peer regions.
 *
 * @param cluster        the cluster name
 * @param regionNames    every region of the cluster, in cluster order
 * @param localRegion    the index of this process's region
 * @param registryDigest this process's procedure registry digest
 * @param settingsDigest this process's cluster fingerprint: regions, protocol and its settings
 * @param clocks         how far ahead of this process's clock a peer region's may run
 * @param helloTimeout   how long after connecting a caller has to deliver its whole Hello
 * @param layouts        where this region's nodes run, and which of its processes this one is, as
 *                       of now: a region grows by chain-server processes while it runs
 */
public record HandshakePolicy(String cluster, List<String> regionNames, int localRegion, String registryDigest,
                              String settingsDigest, ClockSkewCheck clocks, Duration helloTimeout,
                              Supplier<RegionLayout> layouts) {

    /** Enough of a caller's name to recognise it. */
    private static final int MAX_SHOWN_CHARS = 40;
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cc}\\p{Zl}\\p{Zp}]");

    /** Long enough for a TLS handshake over a slow WAN link, short enough that idle sockets do not pile up. */
    public static final Duration DEFAULT_HELLO_TIMEOUT = Duration.ofSeconds(10);

    public HandshakePolicy {
        regionNames = List.copyOf(regionNames);
        if (localRegion < 0 || localRegion >= regionNames.size()) {
            throw new IllegalArgumentException("region #" + localRegion + " is not in the region list " + regionNames);
        }
        if (clocks == null) {
            throw new IllegalArgumentException("a handshake policy needs this process's clock to compare peers' with");
        }
        if (helloTimeout.isNegative() || helloTimeout.isZero()) {
            throw new IllegalArgumentException("the hello timeout must be positive, not " + helloTimeout);
        }
    }

    /** The policy of a region laid out as {@code layout} for good. */
    public HandshakePolicy(String cluster, List<String> regionNames, int localRegion, String registryDigest,
                           String settingsDigest, ClockSkewCheck clocks, Duration helloTimeout, RegionLayout layout) {
        this(cluster, regionNames, localRegion, registryDigest, settingsDigest, clocks, helloTimeout, () -> layout);
    }

    /** The policy of a region in one process. */
    public HandshakePolicy(String cluster, List<String> regionNames, int localRegion, String registryDigest,
                           String settingsDigest, ClockSkewCheck clocks, Duration helloTimeout) {
        this(cluster, regionNames, localRegion, registryDigest, settingsDigest, clocks, helloTimeout,
                RegionLayout.whole(null));
    }

    /** The policy of a region in one process, with the {@link #DEFAULT_HELLO_TIMEOUT}. */
    public HandshakePolicy(String cluster, List<String> regionNames, int localRegion, String registryDigest,
                           String settingsDigest, ClockSkewCheck clocks) {
        this(cluster, regionNames, localRegion, registryDigest, settingsDigest, clocks, DEFAULT_HELLO_TIMEOUT);
    }

    /** As above, for the process of a region laid out as {@code layouts} says at each handshake. */
    public HandshakePolicy(String cluster, List<String> regionNames, int localRegion, String registryDigest,
                           String settingsDigest, ClockSkewCheck clocks, Supplier<RegionLayout> layouts) {
        this(cluster, regionNames, localRegion, registryDigest, settingsDigest, clocks, DEFAULT_HELLO_TIMEOUT, layouts);
    }

    /** Where this region's nodes run now. */
    public RegionLayout layout() {
        return layouts.get();
    }

    public String localRegionName() {
        return regionNames.get(localRegion);
    }

    /** Why {@code hello} is refused, or null if it is accepted. */
    public String refusal(Hello hello) {
        if (hello.protocolVersion() != WireProtocol.VERSION) {
            return "wire protocol version " + hello.protocolVersion() + " is not supported; this node speaks version "
                    + WireProtocol.VERSION;
        }
        if (!hello.cluster().equals(cluster)) {
            return "this node belongs to cluster '" + cluster + "', not " + shown(hello.cluster());
        }
        return switch (hello.peer()) {
            case CLIENT -> clientRefusal(hello);
            case NODE -> nodeRefusal(hello);
        };
    }

    /** Whether an admitted node's Hello comes from another process of this region rather than a peer region. */
    public boolean isMember(Hello hello) {
        return hello.region().equals(localRegionName());
    }

    private String clientRefusal(Hello hello) {
        RegionLayout layout = layout();
        if (!layout.self().isCoordinator()) {
            return "this is " + layout.self() + " of region " + localRegionName() + ", which serves no clients; "
                    + "connect to the region's address " + hostPort(layout.coordinator());
        }
        return hello.region().equals(localRegionName()) ? null
                : "this is region " + localRegionName() + "; connect to a coordinator of region " + shown(hello.region());
    }

    private String nodeRefusal(Hello hello) {
        int index = regionNames.indexOf(hello.region());
        if (index < 0) {
            return "region " + shown(hello.region()) + " is not in this cluster's region list " + regionNames;
        }
        String role = index == localRegion ? memberRefusal(hello.role()) : peerRefusal(hello);
        if (role != null) {
            return role;
        }
        if (!hello.registryDigest().equals(registryDigest)) {
            return "procedure registries differ (this node: " + abbreviate(registryDigest) + ", peer: "
                    + shown(abbreviate(hello.registryDigest())) + "); deploy the same procedures to every region";
        }
        if (!hello.settingsDigest().equals(settingsDigest)) {
            // Epochs of another length or another protocol would not fail loudly here: they would
            // make the regions disagree on the order, so the whole cluster-wide part must match.
            return "cluster settings differ (this node: " + abbreviate(settingsDigest) + ", peer: "
                    + shown(abbreviate(hello.settingsDigest())) + "); give every region the same region list "
                    + "(names, order and each region's epochOffset) and protocol section";
        }
        return clocks.refusal(localRegionName(), hello);
    }

    /** Why a peer region's process may not call this one, or null. */
    private String peerRefusal(Hello hello) {
        if (!hello.role().isCoordinator()) {
            return hello.role() + " of region " + hello.region() + " may call only its own region's processes, and "
                    + "this is region " + localRegionName() + "; check region " + hello.region() + "'s chainServers "
                    + "addresses";
        }
        RegionLayout layout = layout();
        if (!layout.self().isCoordinator()) {
            return "this is " + layout.self() + " of region " + localRegionName() + ", which only its region's own "
                    + "processes call; region " + hello.region() + " should call the region's address "
                    + hostPort(layout.coordinator());
        }
        return null;
    }

    /** Why a process of this region claiming {@code claimed} may not call this one, or null. */
    private String memberRefusal(ProcessRole claimed) {
        String region = localRegionName();
        RegionLayout layout = layout();
        if (!layout.split()) {
            return claimed.isCoordinator() ? "region " + region + " is this node's own region; check the peer addresses"
                    : "region " + region + " runs its chain servers in its coordinator's process here (no chainServers "
                            + "listed), so no process is " + claimed + "; give every process of the region the same "
                            + "chainServers list";
        }
        if (claimed.equals(layout.self())) {
            return "this process is " + claimed + " of region " + region + " too; check the chainServers addresses, "
                    + "since two processes claim that role";
        }
        if (!layout.isMember(claimed)) {
            return "region " + region + " lists " + layout.chainServers().size() + " chain-server processes, so there "
                    + "is no " + claimed + "; give every process of the region the same chainServers list";
        }
        return null;
    }

    private static String hostPort(InetSocketAddress address) {
        return address.getHostString() + ":" + address.getPort();
    }

    private static String abbreviate(String digest) {
        return digest.length() > 12 ? digest.substring(0, 12) : digest;
    }

    /**
     * Text a caller sent (a name, a digest), as refusals and log lines show it: quoted, cut to
     * {@value #MAX_SHOWN_CHARS} characters, line breaks and other control characters replaced, so
     * that a hostile Hello can neither flood the log nor forge lines in it.
     */
    static String shown(String callerText) {
        String cut = callerText.length() > MAX_SHOWN_CHARS
                ? callerText.substring(0, MAX_SHOWN_CHARS) + "..." : callerText;
        return "'" + CONTROL.matcher(cut).replaceAll("?") + "'";
    }
}
