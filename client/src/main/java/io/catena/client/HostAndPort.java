package io.catena.client;

/**
 * One coordinator address from a {@link ConnectionUrl}: a host name, an IPv4 address or an IPv6
 * address (without brackets), and a TCP port.
 *
 * @param host the host name or address literal, never empty
 * @param port the TCP port, 1 to 65535
 */
public record HostAndPort(String host, int port) {

    /** Validates the parts; the URL parser has already checked the host's syntax. */
    public HostAndPort {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("a coordinator address needs a host");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port " + port + " of host " + host + " is outside 1 to 65535");
        }
    }

    /** {@code host:port}, with IPv6 addresses in brackets as in the URL. */
    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
