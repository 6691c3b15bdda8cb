package io.catena.storage.hbase;

import io.catena.core.config.keys.ValueForms;
import io.catena.core.config.keys.ValueKey;
import io.catena.core.spi.StoreName;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The settings of a region's HBase store ({@code storage.hbase:} in a region's file), defined once
 * here, next to the adapter that uses them: {@link HBaseSettings} takes its defaults and checks
 * from these keys, and so do the file's reader and writer in the server. Where the cluster is
 * ({@code zookeeper}) is the file's own concern.
 */
public final class HBaseKeys {

    private static final Pattern NAMESPACE_NAME = Pattern.compile("[A-Za-z0-9_]{1," + StoreName.MAX_LENGTH + "}");

    /** HBase reads its client timeouts as whole milliseconds in an {@code int}. */
    private static final Duration LONGEST_TIMEOUT = Duration.ofDays(24);

    public static final ValueKey<String> NAMESPACE = new ValueKey<>("namespace", "a namespace name",
            Function.identity(), name -> name, Optional.empty(), HBaseKeys::namespaceName,
            "the region's namespace, created with its tables if missing and checked if present");

    public static final ValueKey<Duration> OPERATION_TIMEOUT = new ValueKey<>("operationTimeout",
            "a duration such as 5s", ValueForms::duration, ValueForms::written, Optional.of(Duration.ofSeconds(5)),
            HBaseKeys::operationTimeout, "an operation not done in this time fails; the node retries with backoff");

    /** Every key, in the order a file lists them. */
    public static final List<ValueKey<?>> ALL = List.of(NAMESPACE, OPERATION_TIMEOUT);

    private HBaseKeys() {
    }

    private static Optional<String> namespaceName(String name) {
        return NAMESPACE_NAME.matcher(name).matches() ? Optional.empty() : Optional.of("'" + name
                + "' is not a valid name: use 1 to " + StoreName.MAX_LENGTH + " letters, digits and underscores");
    }

    private static Optional<String> operationTimeout(Duration timeout) {
        return ValueForms.positive(timeout).or(() -> timeout.compareTo(LONGEST_TIMEOUT) > 0
                ? Optional.of("must be at most 24 days, not " + ValueForms.written(timeout))
                : Optional.empty());
    }
}
