package io.catena.server.config;

import io.catena.core.config.keys.ValueForms;
import io.catena.core.config.keys.ValueKey;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** How a region reaches its HBase cluster ({@code storage.hbase:} in its file): the catalogue of its keys. */
final class HBaseKeys {

    static final ValueKey<String> NAMESPACE = new ValueKey<>("namespace", "a namespace name", text -> text,
            name -> name, Optional.empty(), StoreNames::namespace,
            "the region's namespace, created with its tables if missing and checked if present");

    static final ValueKey<Duration> OPERATION_TIMEOUT = new ValueKey<>("operationTimeout", "a duration such as 5s",
            ValueForms::duration, ValueForms::written, Optional.of(Duration.ofSeconds(5)), ValueForms::positive,
            "an operation not done in this time fails; the node retries with backoff");

    static final List<ValueKey<?>> ALL = List.of(NAMESPACE, OPERATION_TIMEOUT);

    private HBaseKeys() {
    }
}
