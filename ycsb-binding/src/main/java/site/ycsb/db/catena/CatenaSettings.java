package site.ycsb.db.catena;

import io.catena.client.ConnectionUrl;
import io.catena.client.InvalidConnectionUrlException;
import java.time.Duration;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import site.ycsb.DBException;

/**
 * The binding's YCSB properties, read and checked once per client thread. Each bad value is
 * refused with one sentence that names the property and says what it accepts.
 *
 * @param url     where the client connects: one region's coordinators, with the request timeout applied
 * @param retries how many more attempts an operation or a transaction gets after a retryable failure
 */
record CatenaSettings(ConnectionUrl url, int retries) {

    static final String URL = "catena.url";
    static final String REGION = "catena.region";
    static final String TIMEOUT = "catena.timeout";
    static final String RETRIES = "catena.retries";
    /** Handled by {@link YcsbCatena}, which starts the cluster and sets {@link #URL}; listed here to be known. */
    static final String EMBEDDED = "catena.embedded";
    static final String LATENCY = "catena.latency";
    static final String PROTOCOL = "catena.protocol";

    private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s)");
    private static final int MAX_RETRIES = 100;

    /** Reads the binding's settings from YCSB's properties. */
    static CatenaSettings from(Properties p) throws DBException {
        String text = p.getProperty(URL);
        if (text == null || text.isBlank()) {
            throw new DBException("No " + URL + " is set: give one region's URL with -p " + URL
                    + "=catena://HOST:PORT/CLUSTER?region=NAME, or start an embedded cluster with -p "
                    + EMBEDDED + "=true.");
        }
        ConnectionUrl url;
        try {
            url = ConnectionUrl.parse(text.trim());
        } catch (InvalidConnectionUrlException e) {
            throw new DBException("The " + URL + " '" + text.trim() + "' is not a Catena URL: " + e.getMessage());
        }
        String region = p.getProperty(REGION);
        if (region != null && !region.equals(url.region())) {
            throw new DBException("The " + REGION + " '" + region + "' is not the region of " + URL + " ('"
                    + url.region() + "'); leave " + REGION + " out or give a URL of that region.");
        }
        if (p.getProperty(TIMEOUT) != null) {
            url = withTimeout(url, p.getProperty(TIMEOUT));
        }
        return new CatenaSettings(url, retries(p.getProperty(RETRIES, "0")));
    }

    /** Where the client connects, for messages: the region and its hosts. */
    String where() {
        return "region '" + url.region() + "' at " + url.hosts().stream().map(Object::toString)
                .collect(Collectors.joining(","));
    }

    private static ConnectionUrl withTimeout(ConnectionUrl url, String text) throws DBException {
        Matcher m = DURATION.matcher(text.trim());
        Duration timeout = null;
        if (m.matches()) {
            long amount = Long.parseLong(m.group(1));
            timeout = m.group(2).equals("ms") ? Duration.ofMillis(amount) : Duration.ofSeconds(amount);
        }
        if (timeout == null || timeout.isZero()
                || timeout.compareTo(Duration.ofSeconds(ConnectionUrl.MAX_TIMEOUT_SECONDS)) > 0) {
            throw new DBException("The " + TIMEOUT + " '" + text + "' is not a duration from 1ms to "
                    + ConnectionUrl.MAX_TIMEOUT_SECONDS + "s; write it as 500ms or 5s.");
        }
        return url.withTimeout(timeout);
    }

    private static int retries(String text) throws DBException {
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 0 && n <= MAX_RETRIES) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below, in the same sentence as a number out of range
        }
        throw new DBException("The " + RETRIES + " '" + text + "' is not a whole number from 0 to " + MAX_RETRIES + ".");
    }
}
