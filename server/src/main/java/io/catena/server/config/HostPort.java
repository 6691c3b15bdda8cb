package io.catena.server.config;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A TCP endpoint as written in a configuration file: {@code host:port}, with an IPv6 host in
 * brackets ({@code [::1]:7100}). The host is kept as written, in lower case, and never looked up:
 * validation must not depend on DNS, so {@code localhost} and {@code 127.0.0.1} count as
 * different hosts.
 *
 * @param host a host name, IPv4 address or IPv6 address (without brackets)
 * @param port from 1 to 65535
 */
public record HostPort(String host, int port) {

    private static final String LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
    private static final Pattern HOST_NAME = Pattern.compile(LABEL + "(?:\\." + LABEL + ")*\\.?");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-f:.]*:[0-9a-f:.]*(?:%[a-z0-9]+)?");
    private static final String EXAMPLE = "127.0.0.1:7100";

    public HostPort {
        host = host == null ? null : host.toLowerCase(Locale.ROOT);
        if (!isHost(host)) {
            throw new IllegalArgumentException("'" + host + "' is not a host name or IP address");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is outside 1-65535");
        }
    }

    /** The endpoint of the given host and port. */
    public static HostPort of(String host, int port) {
        return new HostPort(host, port);
    }

    /**
     * Reads an endpoint such as {@code 127.0.0.1:7100} or {@code [::1]:7100}.
     *
     * @throws IllegalArgumentException with a message that quotes the text and shows the right
     *                                  form, fit to follow a key path
     */
    public static HostPort parse(String text) {
        String host;
        String port;
        if (text.startsWith("[")) {
            int close = text.indexOf("]:");
            if (close < 0) {
                throw notHostPort(text, "write it as [ipv6]:port, e.g. [::1]:7100");
            }
            host = text.substring(1, close);
            port = text.substring(close + 2);
        } else {
            int colon = text.lastIndexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("'" + text + "' has no port; use host:port, e.g. " + EXAMPLE);
            }
            host = text.substring(0, colon);
            port = text.substring(colon + 1);
            if (host.contains(":")) {
                throw notHostPort(text, "write an IPv6 host in brackets, e.g. [::1]:7100");
            }
        }
        if (!port.matches("\\d{1,5}")) {
            throw notHostPort(text, "the port must be a number, e.g. " + EXAMPLE);
        }
        if (!isHost(host)) {
            throw notHostPort(text, "'" + host + "' is not a host name or IP address");
        }
        int number = Integer.parseInt(port);
        if (number < 1 || number > 65535) {
            throw new IllegalArgumentException("'" + text + "' has port " + number + ", outside 1-65535");
        }
        return new HostPort(host, number);
    }

    private static IllegalArgumentException notHostPort(String text, String advice) {
        return new IllegalArgumentException("'" + text + "' is not host:port; " + advice);
    }

    /** Whether {@code text} is a host name, IPv4 address or IPv6 address (without brackets). */
    public static boolean isHost(String text) {
        if (text == null || text.isEmpty() || text.length() > 253) {
            return false;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        return HOST_NAME.matcher(lower).matches() || IPV6.matcher(lower).matches();
    }

    /**
     * Whether the host means "every interface" ({@code 0.0.0.0} or {@code ::}): something to
     * listen on, never something to connect to.
     */
    public boolean isWildcard() {
        return isWildcardHost(host);
    }

    /** Whether {@code host} means "every interface". */
    public static boolean isWildcardHost(String host) {
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0");
    }

    /** The same port on another host. */
    public HostPort withHost(String otherHost) {
        return new HostPort(otherHost, port);
    }

    /** {@code host:port}, with an IPv6 host in brackets; {@link #parse} reads it back. */
    @Override
    public String toString() {
        return host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
    }
}
