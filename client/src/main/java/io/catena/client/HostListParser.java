package io.catena.client;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Parses the host list of a connection URL: {@code host:port} entries separated by commas, where a
 * host is a DNS name, an IPv4 address or a bracketed IPv6 address. Names are checked against
 * RFC 1123 here, so that a typo fails at parse time rather than as an unreachable host later.
 */
final class HostListParser {

    private static final int MAX_NAME_LENGTH = 253;
    private static final int MAX_LABEL_LENGTH = 63;

    private final String url;

    HostListParser(String url) {
        this.url = url;
    }

    List<HostAndPort> parse(String authority) {
        if (authority.isEmpty()) {
            throw bad("The URL names no host; list at least one coordinator as host:port.");
        }
        if (authority.indexOf('@') >= 0) {
            throw bad("The URL has user information before '@'; Catena URLs carry no credentials, so remove it.");
        }
        List<HostAndPort> hosts = new ArrayList<>();
        Set<HostAndPort> seen = new HashSet<>();
        for (String entry : authority.split(",", -1)) {
            if (entry.isEmpty()) {
                throw bad("The host list has an empty entry; separate hosts with single commas.");
            }
            HostAndPort host = entry.startsWith("[") ? bracketed(entry) : plain(entry);
            if (!seen.add(host)) {
                throw bad("The host " + host + " is listed twice; list each coordinator once.");
            }
            hosts.add(host);
        }
        return hosts;
    }

    private HostAndPort bracketed(String entry) {
        int close = entry.indexOf(']');
        if (close < 0) {
            throw bad("The IPv6 address in '" + entry + "' has no closing bracket; write it as [address]:port.");
        }
        String address = entry.substring(1, close);
        if (!isIpv6(address)) {
            throw bad("'" + address + "' in '" + entry + "' is not an IPv6 address.");
        }
        if (close + 1 >= entry.length() || entry.charAt(close + 1) != ':') {
            throw bad("The host '" + entry + "' has no port; write it as " + entry + ":PORT.");
        }
        return new HostAndPort(address, port(entry.substring(close + 2), entry));
    }

    private HostAndPort plain(String entry) {
        int colon = entry.lastIndexOf(':');
        if (colon < 0) {
            throw bad("The host '" + entry + "' has no port; write it as " + entry + ":PORT.");
        }
        String host = entry.substring(0, colon);
        if (host.indexOf(':') >= 0) {
            throw bad("The host '" + entry + "' looks like an IPv6 address; put the address in brackets, "
                    + "e.g. [::1]:7450.");
        }
        if (host.isEmpty()) {
            throw bad("The entry '" + entry + "' has a port but no host; write it as host:port.");
        }
        if (looksNumeric(host) ? !isIpv4(host) : !isHostName(host)) {
            throw bad("The host '" + host + "' is neither a valid host name nor an IPv4 address.");
        }
        return new HostAndPort(host, port(entry.substring(colon + 1), entry));
    }

    private int port(String digits, String entry) {
        if (digits.isEmpty() || digits.length() > 5 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw bad("The port '" + digits + "' of '" + entry + "' is not a number from 1 to 65535.");
        }
        int port = Integer.parseInt(digits);
        if (port < 1 || port > 65_535) {
            throw bad("The port " + port + " of '" + entry + "' is outside 1 to 65535.");
        }
        return port;
    }

    private static boolean looksNumeric(String host) {
        return host.chars().allMatch(c -> c == '.' || (c >= '0' && c <= '9'));
    }

    static boolean isIpv4(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String p : parts) {
            // A leading zero reads as octal to some resolvers; refuse the ambiguity.
            if (p.isEmpty() || p.length() > 3 || (p.length() > 1 && p.charAt(0) == '0')
                    || !p.chars().allMatch(c -> c >= '0' && c <= '9') || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }

    static boolean isHostName(String s) {
        if (s.length() > MAX_NAME_LENGTH) {
            return false;
        }
        for (String label : s.split("\\.", -1)) {
            if (label.isEmpty() || label.length() > MAX_LABEL_LENGTH
                    || label.startsWith("-") || label.endsWith("-")
                    || !label.chars().allMatch(c -> c < 0x80 && Character.isLetterOrDigit(c) || c == '-')) {
                return false;
            }
        }
        return true;
    }

    static boolean isIpv6(String s) {
        int gap = s.indexOf("::");
        if (gap >= 0 && s.indexOf("::", gap + 1) >= 0) {
            return false;
        }
        if (gap < 0) {
            return groups(s, true) == 8;
        }
        int head = gap == 0 ? 0 : groups(s.substring(0, gap), false);
        String tailText = s.substring(gap + 2);
        int tail = tailText.isEmpty() ? 0 : groups(tailText, true);
        return head >= 0 && tail >= 0 && head + tail <= 7;
    }

    /** Counts the 16-bit groups of a colon-separated run, or -1 if it is malformed. */
    private static int groups(String run, boolean mayEndInIpv4) {
        String[] parts = run.split(":", -1);
        int count = 0;
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            if (mayEndInIpv4 && i == parts.length - 1 && p.indexOf('.') >= 0) {
                if (!isIpv4(p)) {
                    return -1;
                }
                count += 2;
            } else if (p.isEmpty() || p.length() > 4 || !p.chars().allMatch(HostListParser::isHexDigit)) {
                return -1;
            } else {
                count++;
            }
        }
        return count;
    }

    private static boolean isHexDigit(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private InvalidConnectionUrlException bad(String message) {
        return new InvalidConnectionUrlException(url, message);
    }
}
