package io.catena.client;

import io.catena.client.internal.DurationText;
import io.catena.wire.TlsSettings;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses one {@link ConnectionUrl}; every failure names the bad part of the URL. */
final class ConnectionUrlParser {

    private static final String PREFIX = ConnectionUrl.SCHEME + "://";
    private static final List<String> KNOWN = List.of(
            "codec", "connectTimeout", "region", "resendAfter", "timeout", "tls", "tlsCa", "tlsCert", "tlsKey");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Pattern DURATION = Pattern.compile("([0-9]{1,9})(ms|s|m)");
    private static final String USAGE = "catena://host:port/?region=NAME";

    private final String url;

    ConnectionUrlParser(String url) {
        this.url = url;
    }

    ConnectionUrl parse() {
        if (url == null || url.isBlank()) {
            throw bad("The URL is empty; write it as " + USAGE + ".");
        }
        if (!url.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            int scheme = url.indexOf("://");
            throw bad(scheme > 0
                    ? "The scheme '" + url.substring(0, scheme) + "' is not catena; write the URL as " + USAGE + "."
                    : "The URL does not start with catena://; write it as " + USAGE + ".");
        }
        int fragment = url.indexOf('#');
        if (fragment >= 0) {
            throw bad("The URL has a fragment '" + url.substring(fragment) + "'; remove it.");
        }
        String rest = url.substring(PREFIX.length());
        int authorityEnd = indexOfAny(rest, '/', '?');
        List<HostAndPort> hosts = new HostListParser(url).parse(rest.substring(0, authorityEnd));
        int queryStart = rest.indexOf('?', authorityEnd);
        String path = rest.substring(authorityEnd, queryStart < 0 ? rest.length() : queryStart);
        String cluster = cluster(path);
        Map<String, String> params = queryStart < 0 ? Map.of() : params(rest.substring(queryStart + 1));
        return settings(hosts, cluster, params);
    }

    private ConnectionUrl settings(List<HostAndPort> hosts, String cluster, Map<String, String> params) {
        String region = params.get("region");
        if (region == null) {
            throw bad("The URL has no region parameter; add ?region=NAME naming the region of its hosts.");
        }
        requireName("region", region);
        Duration timeout = duration(params, "timeout", ConnectionUrl.DEFAULT_TIMEOUT);
        if (timeout.compareTo(Duration.ofSeconds(ConnectionUrl.MAX_TIMEOUT_SECONDS)) > 0) {
            throw bad("The timeout " + params.get("timeout") + " is longer than " + ConnectionUrl.MAX_TIMEOUT_SECONDS
                    + "s, the longest a request may be retried inside the coordinators' duplicate-detection window;"
                    + " use a shorter timeout.");
        }
        return new ConnectionUrl(hosts, cluster, region, timeout,
                duration(params, "connectTimeout", ConnectionUrl.DEFAULT_CONNECT_TIMEOUT),
                duration(params, "resendAfter", ConnectionUrl.DEFAULT_RESEND_AFTER),
                wireFormat(params.get("codec")), tls(params));
    }

    private String cluster(String path) {
        if (path.isEmpty() || path.equals("/")) {
            return ConnectionUrl.DEFAULT_CLUSTER;
        }
        String name = path.substring(1);
        if (name.indexOf('/') >= 0) {
            throw bad("The path '" + path + "' has more than one segment; the path only names the cluster, e.g. "
                    + "catena://host:port/prod?region=eu.");
        }
        if (!NAME.matcher(name).matches()) {
            throw bad("The cluster name '" + name + "' may only hold letters, digits, '.', '_' and '-'.");
        }
        return name;
    }

    private Map<String, String> params(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        if (query.isEmpty()) {
            return params;
        }
        for (String pair : query.split("&", -1)) {
            if (pair.isEmpty()) {
                throw bad("The query has an empty parameter (a doubled or trailing '&'); remove it.");
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            if (!KNOWN.contains(name)) {
                throw bad("The parameter '" + name + "' is unknown; the known parameters are "
                        + String.join(", ", KNOWN) + ".");
            }
            if (eq < 0) {
                throw bad("The parameter '" + name + "' has no value; write it as " + name + "=VALUE.");
            }
            if (params.put(name, decode(pair.substring(eq + 1))) != null) {
                throw bad("The parameter '" + name + "' appears twice; give it once.");
            }
        }
        return params;
    }

    private Duration duration(Map<String, String> params, String name, Duration absent) {
        String value = params.get(name);
        if (value == null) {
            return absent;
        }
        Matcher m = DURATION.matcher(value);
        if (!m.matches()) {
            throw bad("The " + name + " '" + value + "' is not a duration; write a whole number and a unit, "
                    + "e.g. 500ms, 5s or 1m.");
        }
        long amount = Long.parseLong(m.group(1));
        if (amount == 0) {
            throw bad("The " + name + " '" + value + "' is zero; give a duration longer than zero.");
        }
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            default -> Duration.ofMinutes(amount);
        };
    }

    private WireFormat wireFormat(String value) {
        if (value == null) {
            return WireFormat.SMILE;
        }
        for (WireFormat f : WireFormat.values()) {
            if (f.codecName().equals(value)) {
                return f;
            }
        }
        throw bad("The codec '" + value + "' is unknown; write codec=smile or codec=json.");
    }

    private TlsSettings tls(Map<String, String> params) {
        String tls = params.get("tls");
        if (tls != null && !tls.equals("true") && !tls.equals("false")) {
            throw bad("The parameter tls is '" + tls + "'; write tls=true or tls=false.");
        }
        boolean enabled = "true".equals(tls);
        for (String file : List.of("tlsCa", "tlsCert", "tlsKey")) {
            if (params.containsKey(file) && !enabled) {
                throw bad("The parameter " + file + " is set but TLS is off; add tls=true or remove " + file + ".");
            }
        }
        if (!enabled) {
            return null;
        }
        if (params.containsKey("tlsCert") != params.containsKey("tlsKey")) {
            throw bad("A client certificate needs its private key and the other way round; give both tlsCert and "
                    + "tlsKey, or neither.");
        }
        return new TlsSettings(path(params, "tlsCert"), path(params, "tlsKey"), path(params, "tlsCa"));
    }

    private Path path(Map<String, String> params, String name) {
        String value = params.get(name);
        if (value == null) {
            return null;
        }
        if (value.isEmpty()) {
            throw bad("The parameter " + name + " is empty; give the path of a PEM file.");
        }
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw bad("The " + name + " '" + value + "' is not a valid file path on this system; give the path of "
                    + "a PEM file.");
        }
    }

    private void requireName(String param, String value) {
        if (value.isEmpty()) {
            throw bad("The parameter " + param + " is empty; give a name such as " + param + "=eu.");
        }
        if (!NAME.matcher(value).matches()) {
            throw bad("The " + param + " '" + value + "' may only hold letters, digits, '.', '_' and '-'.");
        }
    }

    private String decode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        ByteArrayOutputStream escaped = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '%') {
                out.append(escaped.toString(StandardCharsets.UTF_8)).append(c);
                escaped.reset();
                continue;
            }
            int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(s.charAt(i + 2), 16) : -1;
            if (lo < 0) {
                throw bad("The query has a bad escape in '" + s + "'; escape a character as % and two hex digits.");
            }
            escaped.write(hi * 16 + lo);
            i += 2;
        }
        return out.append(escaped.toString(StandardCharsets.UTF_8)).toString();
    }

    /** Percent-encodes what the query syntax reserves, so that {@link ConnectionUrl#toString()} parses back. */
    static String encode(String s) {
        StringBuilder sb = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c > ' ' && c < 0x7f && "%&=#?+".indexOf(c) < 0) {
                sb.append(c);
            } else {
                sb.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xff));
            }
        }
        return sb.toString();
    }

    private static int indexOfAny(String s, char a, char b) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == a || s.charAt(i) == b) {
                return i;
            }
        }
        return s.length();
    }

    private InvalidConnectionUrlException bad(String message) {
        return new InvalidConnectionUrlException(url, message);
    }
}
