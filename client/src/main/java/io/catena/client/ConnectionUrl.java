package io.catena.client;

import io.catena.client.internal.DurationText;
import io.catena.wire.TlsSettings;
import java.time.Duration;
import java.util.List;
import java.util.StringJoiner;

/**
 * Where and how to connect: the parsed form of a URL such as
 * <pre>{@code catena://db1.eu:7450,db2.eu:7450,[2001:db8::7]:7450/prod?region=eu&timeout=5s&codec=smile}</pre>
 *
 * <ul>
 *   <li><b>hosts</b> (required): the coordinators of one region, as {@code host:port}, separated
 *       by commas; host names, IPv4 addresses and bracketed IPv6 addresses. The connection uses
 *       the first that answers and fails over along the list.</li>
 *   <li><b>path</b>: the cluster name the coordinators check in the handshake; {@code /} or no
 *       path means {@value #DEFAULT_CLUSTER}.</li>
 *   <li>{@code region} (required): the region whose coordinators the hosts are. It is required
 *       even for a one-region cluster, so that a URL never silently lands in the wrong region.</li>
 *   <li>{@code timeout} (default 5s, at most {@value #MAX_TIMEOUT_SECONDS}s): how long one
 *       request may take, retries under its request id included, before the library gives
 *       up. The cap keeps every retry inside the coordinators' duplicate-detection window
 *       (3,000 epochs, 30 s with the default 10 ms epochs), so a retry can never run a
 *       transaction twice.</li>
 *   <li>{@code connectTimeout} (default 2s): how long connecting to one host and its handshake
 *       may take before the next host is tried.</li>
 *   <li>{@code resendAfter} (default 1s): how long an unanswered request waits before it is
 *       sent again, under the same request id, to the current coordinator.</li>
 *   <li>{@code codec}: {@code smile} (default) or {@code json}.</li>
 *   <li>{@code tls}: {@code true} or {@code false} (default); with {@code tlsCa} (trusted
 *       authorities, PEM), and {@code tlsCert} with {@code tlsKey} for client
 *       authentication.</li>
 * </ul>
 *
 * <p>Durations are a whole number and a unit: {@code 500ms}, {@code 5s}, {@code 1m}. Parameter
 * values may be percent-encoded ({@code %20}). Parsing is strict: an unknown or repeated
 * parameter, a missing port or a malformed address is an {@link InvalidConnectionUrlException}
 * whose message names the bad part.
 *
 * @param hosts          the coordinators to try, in order; at least one, no repeats
 * @param cluster        the cluster name sent in the handshake
 * @param region         the region the connection uses
 * @param timeout        the time budget of one request
 * @param connectTimeout the time budget of connecting to one host, handshake included
 * @param resendAfter    the wait before an unanswered request is sent again
 * @param wireFormat     the frame encoding
 * @param tls            TLS settings, or null for plain TCP
 */
public record ConnectionUrl(List<HostAndPort> hosts, String cluster, String region, Duration timeout,
                            Duration connectTimeout, Duration resendAfter, WireFormat wireFormat,
                            TlsSettings tls) {

    /** The URL scheme. */
    public static final String SCHEME = "catena";
    /** The cluster name when the URL has no path. */
    public static final String DEFAULT_CLUSTER = "catena";
    /** The request time budget when the URL gives none. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /** The longest request time budget, in seconds (see the class comment for why). */
    public static final int MAX_TIMEOUT_SECONDS = 20;
    /** The per-host connect and handshake budget when the URL gives none. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** The resend interval when the URL gives none. */
    public static final Duration DEFAULT_RESEND_AFTER = Duration.ofSeconds(1);

    /** Checks the invariants the parser guarantees, for URLs built in code. */
    public ConnectionUrl {
        hosts = List.copyOf(hosts);
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("a connection URL names at least one host");
        }
        if (cluster == null || cluster.isEmpty() || region == null || region.isEmpty()) {
            throw new IllegalArgumentException("a connection URL names its cluster and region");
        }
        requirePositive(timeout, "timeout");
        requirePositive(connectTimeout, "connectTimeout");
        requirePositive(resendAfter, "resendAfter");
        if (timeout.compareTo(Duration.ofSeconds(MAX_TIMEOUT_SECONDS)) > 0) {
            throw new IllegalArgumentException("timeout " + timeout + " exceeds " + MAX_TIMEOUT_SECONDS + "s");
        }
        if (wireFormat == null) {
            throw new IllegalArgumentException("a connection URL names its wire format");
        }
    }

    /**
     * Parses a URL strictly.
     *
     * @param url the URL, e.g. {@code catena://db1:7450/?region=eu}
     * @return the parsed settings, defaults filled in
     * @throws InvalidConnectionUrlException naming the first bad part
     */
    public static ConnectionUrl parse(String url) {
        return new ConnectionUrlParser(url).parse();
    }

    /** Whether links use TLS. */
    public boolean usesTls() {
        return tls != null;
    }

    /** The same settings with another request time budget. */
    public ConnectionUrl withTimeout(Duration newTimeout) {
        return new ConnectionUrl(hosts, cluster, region, newTimeout, connectTimeout, resendAfter, wireFormat, tls);
    }

    /** The canonical URL of these settings, every parameter spelled out; it parses back to an equal value. */
    @Override
    public String toString() {
        StringJoiner hostList = new StringJoiner(",");
        hosts.forEach(h -> hostList.add(h.toString()));
        StringBuilder sb = new StringBuilder(SCHEME).append("://").append(hostList).append('/')
                .append(cluster.equals(DEFAULT_CLUSTER) ? "" : cluster)
                .append("?region=").append(ConnectionUrlParser.encode(region))
                .append("&timeout=").append(DurationText.format(timeout))
                .append("&connectTimeout=").append(DurationText.format(connectTimeout))
                .append("&resendAfter=").append(DurationText.format(resendAfter))
                .append("&codec=").append(wireFormat.codecName())
                .append("&tls=").append(usesTls());
        if (tls != null) {
            appendPath(sb, "tlsCa", tls.trustedCertificates());
            appendPath(sb, "tlsCert", tls.certificateChain());
            appendPath(sb, "tlsKey", tls.privateKey());
        }
        return sb.toString();
    }

    private static void appendPath(StringBuilder sb, String name, java.nio.file.Path path) {
        if (path != null) {
            sb.append('&').append(name).append('=').append(ConnectionUrlParser.encode(path.toString()));
        }
    }

    private static void requirePositive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be longer than zero");
        }
        if (d.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException(name + " must be whole milliseconds");
        }
    }
}
