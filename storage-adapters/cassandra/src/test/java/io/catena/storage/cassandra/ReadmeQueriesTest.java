package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The cqlsh queries of this module's README, taken from the README itself and run against data
 * the adapter wrote, so the operator documentation cannot drift from the table layout.
 */
@ExtendWith(TestCassandra.class)
class ReadmeQueriesTest {

    /** The keyspace the README's examples name; the test's own keyspace replaces it. */
    private static final String README_KEYSPACE = "catena_prod_eu_west";
    private static final ChainKey ALICE = ChainKey.of("accounts", "alice");

    @Test
    void theReadmesQueriesShowWhatTheAdapterWrote() throws Exception {
        List<String> queries = readmeQueries();
        assertThat(queries).as("the README's cqlsh queries").hasSize(3);
        CassandraSettings settings = TestCassandra.freshSettings();
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings); CqlSession cql = CqlShell.open()) {
            // The history the README's first example shows.
            apply(engine, Version.of(12, 0), RowWrite.put("profile", Row.of("email", "alice@example.org")));
            apply(engine, Version.of(40, 0), RowWrite.put("", Row.of("balance", 100).with("name", Datum.of("Alice"))));
            apply(engine, Version.of(41, 1), RowWrite.delete("profile"));
            apply(engine, Version.of(42, 3), RowWrite.put("", Row.of("balance", 70).with("name", Datum.of("Alice"))));

            List<String> history = lines(cql.execute(inKeyspace(queries.get(0), settings)), true);
            assertThat(history).containsExactly(
                    " | 42 | 3 | {\"balance\":70,\"name\":\"Alice\"}",
                    " | 40 | 0 | {\"balance\":100,\"name\":\"Alice\"}",
                    "profile | 41 | 1 | null",
                    "profile | 12 | 0 | {\"email\":\"alice@example.org\"}");

            List<String> asOf = lines(cql.execute(inKeyspace(queries.get(1), settings)), false);
            assertThat(asOf).as("the row '' as of v41.7")
                    .containsExactly("40 | 0 | {\"balance\":100,\"name\":\"Alice\"}");

            List<String> latest = new ArrayList<>();
            cql.execute(inKeyspace(queries.get(2), settings)).forEach(r -> latest.add(r.getString("clustering") + " | "
                    + r.getLong("version_epoch") + "." + r.getInt("version_rank") + " | " + r.getString("row")
                    + " | latest " + r.getLong("latest_epoch") + "." + r.getInt("latest_rank")
                    + " | horizon " + r.getLong("horizon_epoch") + "." + r.getInt("horizon_rank")));
            assertThat(latest).as("every row's latest version, the key's latest commit and horizon").containsExactly(
                    " | 42.3 | {\"balance\":70,\"name\":\"Alice\"} | latest 42.3 | horizon 0.0",
                    "profile | 41.1 | null | latest 42.3 | horizon 0.0");

            assertThat(cql.execute(inlineQuery("SELECT part FROM", settings)).all())
                    .extracting(r -> r.getString("part")).containsExactly("alice");
            assertThat(cql.execute(inlineQuery("SELECT * FROM", settings)).all()).as("whose store this is").hasSize(1);
        }
    }

    private static void apply(CassandraStorageEngine engine, Version version, RowWrite write) throws Exception {
        engine.apply(ALICE, version, List.of(write)).toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private static String inKeyspace(String query, CassandraSettings settings) {
        assertThat(query).contains(README_KEYSPACE + ".data");
        return query.replace(README_KEYSPACE, settings.keyspace());
    }

    /** A query the README quotes inline, in backquotes, starting with {@code start}. */
    private static String inlineQuery(String start, CassandraSettings settings) throws IOException {
        Matcher m = Pattern.compile("`(" + Pattern.quote(start) + "[^`]*);`")
                .matcher(Files.readString(Path.of("README.md")));
        assertThat(m.find()).as("the README quotes a query starting with '%s'", start).isTrue();
        return m.group(1).replace(README_KEYSPACE, settings.keyspace());
    }

    /** Each result row as its columns joined by " | ", the way cqlsh lines them up. */
    private static List<String> lines(ResultSet rows, boolean withClustering) {
        List<String> out = new ArrayList<>();
        rows.forEach(r -> {
            StringBuilder line = new StringBuilder();
            if (withClustering) {
                line.append(r.getString("clustering")).append(" | ");
            }
            line.append(r.getLong("version_epoch")).append(" | ").append(r.getInt("version_rank")).append(" | ")
                    .append(r.getString("row"));
            out.add(line.toString());
        });
        return out;
    }

    /** The statements of the README's {@code sql} blocks: each block's lines up to its first blank line. */
    private static List<String> readmeQueries() throws IOException {
        List<String> queries = new ArrayList<>();
        StringBuilder current = null;
        for (String line : Files.readAllLines(Path.of("README.md"))) {
            if (line.startsWith("```sql")) {
                current = new StringBuilder();
            } else if (current != null && (line.startsWith("```") || line.isBlank())) {
                queries.add(current.toString().trim());
                current = null;
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        return queries;
    }
}
