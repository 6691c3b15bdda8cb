package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The HBase shell commands of this module's README, taken from the README and sent as the shell
 * sends them (a {@code get} with families, versions and a time range; a {@code scan} between two
 * rows for one column) to data the adapter wrote, so the operator documentation cannot drift from
 * the table layout. The shell itself is not run: it is not published to Maven Central for HBase
 * 2.6, and its {@code get} and {@code scan} are these client calls.
 */
class ReadmeShellCommandsTest {

    @RegisterExtension
    static final SharedHBase HBASE = new SharedHBase();

    /** The namespace the README's examples name; the test's own namespace replaces it. */
    private static final String README_NAMESPACE = "catena_my_cluster_us_east";
    private static final ChainKey ALICE = ChainKey.of("accounts", "alice");

    @Test
    void theReadmesGetShowsARowAsOfAVersionAndItsScanListsATablesChainKeys() throws Exception {
        String get = readmeCommand("get ");
        String scan = readmeCommand("scan ");
        HBaseSettings settings = HBASE.freshSettings("readme");
        try (HBaseStorageEngine engine = HBaseStorageEngine.open(settings);
             Connection connection = ConnectionFactory.createConnection(HBASE.server().clientConfiguration())) {
            apply(engine, ALICE, Version.of(3, 0), Row.of("balance", 100));
            apply(engine, ALICE, Version.of(5, 0), Row.of("balance", 70));
            apply(engine, ALICE, Version.of(7, 2), Row.of("balance", 50));
            apply(engine, ChainKey.of("accounts", "bob"), Version.of(4, 0), Row.of("balance", 10));
            apply(engine, ChainKey.of("audit", "alice"), Version.of(4, 1), Row.of("n", 1));

            Result asOfFive = run(connection, settings, get);
            Cell cell = asOfFive.getColumnLatestCell(HBaseLayout.DATA_ROWS, HBaseLayout.qualifierOf(""));
            assertThat(CellUtil.cloneValue(cell)).asString(StandardCharsets.UTF_8).isEqualTo("{\"balance\":70}");
            assertThat(cell.getTimestamp()).as("the README's stamp of version 5.0").isEqualTo(5L << 22);
            assertThat(cell.getTimestamp() / 4194304).as("epoch = ts / 4194304").isEqualTo(5);

            assertThat(scanRows(connection, settings, scan)).containsExactly(ALICE, ChainKey.of("accounts", "bob"));
        }
    }

    private static void apply(HBaseStorageEngine engine, ChainKey key, Version version, Row row) throws Exception {
        engine.apply(key, version, List.of(RowWrite.put("", row))).toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    /** {@code get 'T', "ROW", {COLUMN => ['F', ...], VERSIONS => N, TIMERANGE => [FROM, TO]}} as the shell runs it. */
    private static Result run(Connection connection, HBaseSettings settings, String command) throws IOException {
        Matcher m = Pattern.compile("get '([^']+)', \"([^\"]+)\", \\{COLUMN => \\[([^]]+)], VERSIONS => (\\d+),"
                + " TIMERANGE => \\[(\\d+), (\\d+)]}").matcher(command);
        assertThat(m.matches()).as("the README's get has the shape this test reads: %s", command).isTrue();
        Get get = new Get(rubyString(m.group(2)));
        for (String family : strings(m.group(3))) {
            get.addFamily(family.getBytes(StandardCharsets.UTF_8));
        }
        get.readVersions(Integer.parseInt(m.group(4)));
        get.setTimeRange(Long.parseLong(m.group(5)), Long.parseLong(m.group(6)));
        try (Table table = connection.getTable(table(m.group(1), settings))) {
            return table.get(get);
        }
    }

    /** {@code scan 'T', {STARTROW => "A", STOPROW => "B", COLUMNS => ['F:Q']}} as the shell runs it: the chain keys. */
    private static List<ChainKey> scanRows(Connection connection, HBaseSettings settings, String command)
            throws IOException {
        Matcher m = Pattern.compile("scan '([^']+)', \\{STARTROW => \"([^\"]+)\", STOPROW => \"([^\"]+)\","
                + " COLUMNS => \\[([^]]+)]}").matcher(command);
        assertThat(m.matches()).as("the README's scan has the shape this test reads: %s", command).isTrue();
        Scan scan = new Scan().withStartRow(rubyString(m.group(2))).withStopRow(rubyString(m.group(3)));
        for (String column : strings(m.group(4))) {
            String[] familyAndQualifier = column.split(":", 2);
            scan.addColumn(familyAndQualifier[0].getBytes(StandardCharsets.UTF_8),
                    familyAndQualifier[1].getBytes(StandardCharsets.UTF_8));
        }
        List<ChainKey> keys = new ArrayList<>();
        try (Table table = connection.getTable(table(m.group(1), settings));
             ResultScanner rows = table.getScanner(scan)) {
            for (Result r : rows) {
                assertThat(r.containsColumn(HBaseLayout.DATA_META, HBaseLayout.LATEST)).isTrue();
                keys.add(RowKeys.chainKeyOf(r.getRow()));
            }
        }
        return keys;
    }

    private static TableName table(String readmeName, HBaseSettings settings) {
        assertThat(readmeName).startsWith(README_NAMESPACE + ":");
        return TableName.valueOf(readmeName.replace(README_NAMESPACE, settings.namespace()));
    }

    /** A Ruby double-quoted string's bytes: {@code \xNN} escapes, the rest as is. */
    private static byte[] rubyString(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            if (s.startsWith("\\x", i)) {
                out.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
                i += 3;
            } else {
                out.write(s.charAt(i));
            }
        }
        return out.toByteArray();
    }

    /** {@code 'a', 'b'} as its strings. */
    private static List<String> strings(String rubyList) {
        List<String> out = new ArrayList<>();
        for (String item : rubyList.split(",")) {
            out.add(item.trim().replace("'", ""));
        }
        return out;
    }

    private static String readmeCommand(String verb) throws IOException {
        List<String> found = Files.readAllLines(Path.of("README.md")).stream().filter(l -> l.startsWith(verb)).toList();
        assertThat(found).as("README lines starting with '%s'", verb).hasSize(1);
        return found.get(0);
    }
}
