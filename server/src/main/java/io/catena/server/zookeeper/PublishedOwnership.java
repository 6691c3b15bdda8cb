package io.catena.server.zookeeper;

import io.catena.core.membership.KeyRange;
import io.catena.core.membership.OwnershipMap;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * The ownership map a region's leader asked its coordinator for last, published in the znode
 * {@code /ownership} with the leader's term, so that operators and tools read which chain server
 * owns which range of the store without asking the coordinator (the coordinator puts a map into
 * effect from its next membership epoch; PROTOCOL.md, "Membership epochs"). Each publication is a
 * compare-and-set on the znode's version that never replaces a later term's map, so a deposed
 * leader that wakes up cannot overwrite its successor's.
 *
 * <p>The content is text, one line each: {@code term=T}, {@code scheme=S}, then
 * {@code range=START OWNER} per range, START the range's first position in hexadecimal
 * ({@code -} for the first range, which starts at the lowest position).
 */
public final class PublishedOwnership {

    /** The znode, under the region's namespace. */
    public static final String PATH = "/ownership";

    /** A map as published, with the term of the leader that published it. */
    public record Published(long term, OwnershipMap map) {
    }

    private final CuratorFramework client;

    /** @param client a started client, namespaced to the region (see {@link ZooKeeperClients}) */
    public PublishedOwnership(CuratorFramework client) {
        this.client = client;
    }

    /**
     * Publishes {@code map} for {@code term}, unless a later term's map is there already.
     *
     * @return whether it was published
     */
    public boolean publish(long term, OwnershipMap map) throws Exception {
        byte[] data = encode(new Published(term, map));
        while (true) {
            try {
                Stat stat = new Stat();
                Published there = decode(client.getData().storingStatIn(stat).forPath(PATH));
                if (there.term() > term) {
                    return false;
                }
                client.setData().withVersion(stat.getVersion()).forPath(PATH, data);
                return true;
            } catch (KeeperException.NoNodeException e) {
                try {
                    client.create().creatingParentsIfNeeded().forPath(PATH, data);
                    return true;
                } catch (KeeperException.NodeExistsException raced) {
                    // Another leader published first: read its term and compare again.
                }
            } catch (KeeperException.BadVersionException raced) {
                // Published to in between: read it again.
            }
        }
    }

    /** The map published last, if any. */
    public Optional<Published> read() throws Exception {
        try {
            return Optional.of(decode(client.getData().forPath(PATH)));
        } catch (KeeperException.NoNodeException e) {
            return Optional.empty();
        }
    }

    static byte[] encode(Published published) {
        StringBuilder text = new StringBuilder("term=").append(published.term()).append('\n')
                .append("scheme=").append(published.map().scheme()).append('\n');
        for (KeyRange r : published.map().ranges()) {
            String start = r.start().length == 0 ? "-" : HexFormat.of().formatHex(r.start());
            text.append("range=").append(start).append(' ').append(r.owner()).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** @throws IllegalStateException naming the znode, if it holds something else than a published map */
    static Published decode(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            long term = -1;
            String scheme = null;
            List<KeyRange> ranges = new ArrayList<>();
            for (String line : text.split("\n")) {
                if (line.startsWith("term=")) {
                    term = Long.parseLong(line.substring(5).trim());
                } else if (line.startsWith("scheme=")) {
                    scheme = line.substring(7).trim();
                } else if (line.startsWith("range=")) {
                    String[] parts = line.substring(6).trim().split(" ");
                    byte[] start = parts[0].equals("-") ? new byte[0] : HexFormat.of().parseHex(parts[0]);
                    ranges.add(new KeyRange(start, Integer.parseInt(parts[1])));
                } else if (!line.isBlank()) {
                    throw new IllegalArgumentException("the line '" + line + "' is not term=, scheme= or range=");
                }
            }
            if (term < 0 || scheme == null) {
                throw new IllegalArgumentException("it lacks its term or scheme");
            }
            return new Published(term, new OwnershipMap(scheme, ranges));
        } catch (RuntimeException e) {
            throw new IllegalStateException("the znode " + PATH + " does not hold a published ownership map ("
                    + e.getMessage() + "); was it written by something other than Catena?", e);
        }
    }
}
