package io.catena.lab.cli;

import io.catena.server.cli.Logging;
import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.ConnectionUrl;
import io.catena.client.ResultRow;
import io.catena.client.SnapshotResult;
import io.catena.core.data.RowJson;
import io.catena.core.data.RowKey;
import io.catena.server.config.ConfigFile;
import io.catena.server.config.ServerConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code catena get}: one row as a region's latest snapshot shows it. */
@Command(name = "get", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print one row as a region's latest consistent snapshot shows it: a committed, local read "
                + "through the client library, whatever the region's store (memory, Cassandra or HBase).",
                "The row is printed as JSON, the form the Cassandra and HBase adapters store it in. Exit status: 0 "
                        + "when the row exists, 1 when it does not, 2 on errors."})
public final class GetCommand implements Callable<Integer> {

    /** Exit status when the read worked and found no row. */
    static final int NO_SUCH_ROW = 1;

    @Parameters(index = "0", paramLabel = "TABLE", description = "the table")
    String table;

    @Parameters(index = "1", paramLabel = "KEY", description = "the partition key")
    String partition;

    @Option(names = "--clustering", paramLabel = "KEY", defaultValue = "",
            description = "the clustering key inside the partition (default: empty, the partition's single row)")
    String clustering;

    @Option(names = "--config", paramLabel = "FILE",
            description = "a region's YAML configuration: the region's address and cluster are taken from it")
    Path config;

    @Option(names = "--region", paramLabel = "NAME",
            description = "read in this region of the --config file (default: the file's region:)")
    String region;

    @Option(names = "--url", paramLabel = "URL",
            description = "the region's connection URL instead of --config, e.g. catena://127.0.0.1:7101/local?region=us-central1")
    String url;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Logging.level("WARN");
        String target = target();
        RowKey key = RowKey.of(table, partition, clustering);
        PrintWriter out = spec.commandLine().getOut();
        try (Connection c = Catena.connect(target)) {
            SnapshotResult snapshot = c.read(key);
            Optional<ResultRow> row = snapshot.row(key);
            String where = ConnectionUrl.parse(target).region() + ", snapshot " + snapshot.version();
            if (row.isEmpty()) {
                out.println(key + ": no such row (" + where + ")");
                return NO_SUCH_ROW;
            }
            out.println(key + " " + RowJson.encode(row.get().row()) + " (" + where + ")");
            return 0;
        }
    }

    /** The connection URL, from --url or from the region of the --config file. */
    private String target() {
        if ((url == null) == (config == null)) {
            throw new IllegalArgumentException("say where the region is with either --url or --config, not "
                    + (url == null ? "neither" : "both"));
        }
        if (url != null) {
            if (region != null) {
                throw new IllegalArgumentException("--region goes with --config; a --url names its region itself "
                        + "(?region=NAME)");
            }
            return url;
        }
        ServerConfig settings = region == null ? ConfigFile.load(config) : ConfigFile.load(config, region);
        return ClientUrls.of(settings);
    }
}
