package io.catena.server.region;

import io.catena.server.config.ChainServerEndpoint;
import io.catena.server.config.HostPort;
import io.catena.server.config.RegionEndpoint;
import io.catena.server.config.ServerConfig;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a region process's file again every {@link #PERIOD_MILLIS} ms, so that an operator grows a
 * split region by appending chain-server processes to its {@code chainServers} list, in every
 * process's file (a ConfigMap updated in place is one file for all), and starting them: no
 * running process restarts. Any other change takes a restart, and is warned of once rather than
 * half applied; a file that no longer validates is warned of and the process runs on as started.
 *
 * <p>Threading: its own daemon thread, since reading and validating a file blocks.
 */
final class RegionFileWatch implements AutoCloseable {

    static final long PERIOD_MILLIS = 5_000;

    private static final Logger log = LoggerFactory.getLogger(RegionFileWatch.class);

    /** What a file read again asks of the running process. */
    sealed interface Change {

        /** Nothing this process acts on. */
        record None() implements Change {
        }

        /** Chain-server processes appended to the region's list. */
        record Grown(List<ChainServerEndpoint> added) implements Change {
        }

        /** A change a running process cannot take, in words. */
        record NeedsRestart(String what) implements Change {
        }
    }

    private final Supplier<ServerConfig> reread;
    private final RegionRuntime runtime;
    private final String source;
    private final ScheduledExecutorService timer;
    private ServerConfig running;
    private String lastProblem;

    /**
     * @param running what the process started from
     * @param reread  reads and validates the file again, as at the start (command-line overrides
     *                applied); throws with a readable message when it cannot
     * @param source  the file, as log lines name it
     */
    RegionFileWatch(ServerConfig running, Supplier<ServerConfig> reread, RegionRuntime runtime, String source) {
        this.running = running;
        this.reread = reread;
        this.runtime = runtime;
        this.source = source;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "catena-" + running.region() + "-config");
            t.setDaemon(true);
            return t;
        });
    }

    void start() {
        timer.scheduleWithFixedDelay(this::check, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** One look at the file: the timer's task, and a step a test can take. Called by one thread at a time. */
    void check() {
        ServerConfig read;
        try {
            read = reread.get();
        } catch (RuntimeException e) {
            warnOnce(source + " no longer validates, so this process runs on as it started: " + e.getMessage());
            return;
        }
        Change change = compare(running, read);
        if (change instanceof Change.Grown grown) {
            grow(read, grown.added());
        } else if (change instanceof Change.NeedsRestart restart) {
            warnOnce(source + " changed " + restart.what() + ", which takes effect when this process restarts");
        } else {
            lastProblem = null;
        }
    }

    private void grow(ServerConfig read, List<ChainServerEndpoint> added) {
        try {
            runtime.addChainServers(running.self().chainServers().size(),
                    added.stream().map(c -> RoleSettings.socket(c.address())).toList(),
                    added.stream().map(c -> c.beside().map(HostPort::toString)).toList());
            running = read;
            lastProblem = null;
        } catch (IllegalArgumentException e) {
            warnOnce(source + " adds chain servers that this region cannot take while it runs: " + e.getMessage());
        }
    }

    /**
     * What {@code read} changes of {@code running} that this process would act on: its own
     * region's chain-server list grown at the end, or something else. Other regions' chain-server
     * lists are theirs, and not compared.
     */
    static Change compare(ServerConfig running, ServerConfig read) {
        Map<String, List<ChainServerEndpoint>> runningLists = running.regions().stream()
                .collect(Collectors.toMap(RegionEndpoint::name, RegionEndpoint::chainServers));
        List<RegionEndpoint> regions = read.regions().stream()
                .map(r -> r.withChainServers(runningLists.getOrDefault(r.name(), r.chainServers()))).toList();
        ServerConfig others = new ServerConfig(read.cluster(), read.region(), regions, read.protocol(), read.storage(),
                read.wan(), read.tls(), read.network(), read.chainServer(), read.genesis(), read.zookeeper());
        if (!others.equals(running)) {
            return new Change.NeedsRestart(whatDiffers(running, others));
        }
        List<ChainServerEndpoint> before = running.self().chainServers();
        List<ChainServerEndpoint> after = read.self().chainServers();
        if (after.equals(before)) {
            return new Change.None();
        }
        if (before.isEmpty() || after.size() < before.size() || !after.subList(0, before.size()).equals(before)) {
            return new Change.NeedsRestart("region " + running.region() + "'s chainServers other than by processes "
                    + "appended at the end");
        }
        return new Change.Grown(after.subList(before.size(), after.size()));
    }

    private static String whatDiffers(ServerConfig running, ServerConfig read) {
        Map<String, Function<ServerConfig, Object>> parts = Map.of("cluster", ServerConfig::cluster,
                "region", ServerConfig::region, "regions", ServerConfig::regions, "protocol", ServerConfig::protocol,
                "storage", ServerConfig::storage, "wan", ServerConfig::wan, "tls", ServerConfig::tls,
                "network", ServerConfig::network, "chainServer", ServerConfig::chainServer, "genesis", ServerConfig::genesis);
        String changed = parts.entrySet().stream()
                .filter(p -> !p.getValue().apply(running).equals(p.getValue().apply(read)))
                .map(Map.Entry::getKey).sorted().collect(Collectors.joining(", "));
        return changed.isEmpty() ? "its settings" : "its " + changed;
    }

    private void warnOnce(String problem) {
        if (!problem.equals(lastProblem)) {
            lastProblem = problem;
            log.warn("{}", problem);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
