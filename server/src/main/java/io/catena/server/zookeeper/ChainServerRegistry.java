package io.catena.server.zookeeper;

import io.catena.server.config.HostPort;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A split region's chain-server processes as its ZooKeeper ensemble knows them. Each process
 * registers an ephemeral znode {@code /chain-servers/N} (N its index) that says where it listens
 * and which storage node it runs beside, so the znode lives exactly as long as the process's
 * session: an operator lists a region's live members with {@code zkCli ls}, and every process of
 * the region learns of one added while it runs without its own file being edited. A registration
 * survives a lost session: Curator's {@link PersistentNode} creates it again on reconnection.
 *
 * <p>Threading: listeners are called on Curator's cache thread, one call at a time;
 * {@link #registered()} may be read from any thread.
 */
public final class ChainServerRegistry implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChainServerRegistry.class);
    /** The directory of registrations, under the region's namespace. */
    public static final String PATH = "/chain-servers";

    /**
     * One chain-server process's registration.
     *
     * @param index   the chain server's index in its region
     * @param address where the region's other processes reach it
     * @param beside  the storage node it runs beside, as its file names it
     */
    public record Registration(int index, HostPort address, Optional<String> beside) {

        /** The znode's content, readable with {@code zkCli get}: one {@code key=value} a line. */
        byte[] encode() {
            return ("address=" + address + "\n" + beside.map(b -> "beside=" + b + "\n").orElse(""))
                    .getBytes(StandardCharsets.UTF_8);
        }

        /**
         * Reads a registration back.
         *
         * @throws IllegalArgumentException if it lacks an address or holds lines of another form
         */
        static Registration decode(int index, byte[] data) {
            Map<String, String> fields = new TreeMap<>();
            for (String line : new String(data, StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                int eq = line.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("the line '" + line + "' is not key=value");
                }
                fields.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
            String address = fields.get("address");
            if (address == null) {
                throw new IllegalArgumentException("it names no address");
            }
            return new Registration(index, HostPort.parse(address), Optional.ofNullable(fields.get("beside")));
        }
    }

    private final CuratorFramework client;
    private final CuratorCache cache;
    private final CopyOnWriteArrayList<Consumer<SortedMap<Integer, Registration>>> listeners =
            new CopyOnWriteArrayList<>();
    private volatile SortedMap<Integer, Registration> registered = Collections.emptySortedMap();
    private PersistentNode own;
    private String lastProblem;

    /** @param client a started client, namespaced to the region (see {@link ZooKeeperClients}) */
    public ChainServerRegistry(CuratorFramework client) {
        this.client = client;
        this.cache = CuratorCache.build(client, PATH);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forAll((type, before, after) -> refresh())
                .forInitialized(this::refresh)
                .build());
    }

    /** Starts following the registrations; listeners hear the first full list once it is read. */
    public ChainServerRegistry start() {
        cache.start();
        return this;
    }

    /** Registers this process's chain server, for as long as this registry is open. */
    public synchronized void register(Registration self) {
        if (own != null) {
            throw new IllegalStateException("this process already registered chain server " + self.index());
        }
        own = new PersistentNode(client, CreateMode.EPHEMERAL, false, PATH + "/" + self.index(), self.encode());
        own.start();
    }

    /** Calls {@code listener} with every registered list from now on, beginning with the current one. */
    public void listen(Consumer<SortedMap<Integer, Registration>> listener) {
        listeners.add(listener);
        listener.accept(registered);
    }

    /** The chain servers registered now, by index. */
    public SortedMap<Integer, Registration> registered() {
        return registered;
    }

    private synchronized void refresh() {
        SortedMap<Integer, Registration> now = new TreeMap<>();
        cache.stream().filter(d -> isRegistration(d.getPath())).forEach(d -> read(d).ifPresent(r -> now.put(r.index(), r)));
        if (now.equals(registered)) {
            return;
        }
        registered = Collections.unmodifiableSortedMap(now);
        for (Consumer<SortedMap<Integer, Registration>> l : listeners) {
            l.accept(registered);
        }
    }

    private static boolean isRegistration(String path) {
        return path.startsWith(PATH + "/") && path.substring(PATH.length() + 1).matches("\\d{1,9}");
    }

    private Optional<Registration> read(ChildData data) {
        try {
            return Optional.of(Registration.decode(Integer.parseInt(data.getPath().substring(PATH.length() + 1)),
                    data.getData() == null ? new byte[0] : data.getData()));
        } catch (IllegalArgumentException e) {
            String problem = "the znode " + data.getPath() + " is not a chain server's registration (" + e.getMessage()
                    + "), so it is ignored; was it written by something other than Catena?";
            if (!problem.equals(lastProblem)) {
                lastProblem = problem;
                log.warn("{}", problem);
            }
            return Optional.empty();
        }
    }

    @Override
    public synchronized void close() {
        cache.close();
        if (own != null) {
            try {
                own.close();
            } catch (IOException e) {
                log.debug("removing this process's registration: {}", e.toString());
            }
            own = null;
        }
    }
}
