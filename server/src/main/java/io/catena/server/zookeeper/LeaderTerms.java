package io.catena.server.zookeeper;

import java.nio.charset.StandardCharsets;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * A region's leader terms, kept in one znode as a decimal number (readable with {@code zkCli get}):
 * each new leader begins the next one with a compare-and-set on the znode's version, so terms only
 * grow and no two leaders ever share one, whatever ZooKeeper's clients believe about who leads.
 */
public final class LeaderTerms {

    private final CuratorFramework client;
    private final String path;

    public LeaderTerms(CuratorFramework client, String path) {
        this.client = client;
        this.path = path;
    }

    /** Begins a term one higher than every term begun before, and returns it. */
    public long begin() throws Exception {
        while (true) {
            try {
                Stat stat = new Stat();
                long current = parse(client.getData().storingStatIn(stat).forPath(path));
                client.setData().withVersion(stat.getVersion()).forPath(path, encode(current + 1));
                return current + 1;
            } catch (KeeperException.NoNodeException e) {
                try {
                    client.create().creatingParentsIfNeeded().forPath(path, encode(1));
                    return 1;
                } catch (KeeperException.NodeExistsException raced) {
                    // Another candidate began the first term: read it and go past it.
                }
            } catch (KeeperException.BadVersionException raced) {
                // Another candidate began a term since the read: read again.
            }
        }
    }

    /** The newest term begun, or 0 before the first. */
    public long current() throws Exception {
        try {
            return parse(client.getData().forPath(path));
        } catch (KeeperException.NoNodeException e) {
            return 0;
        }
    }

    private long parse(byte[] data) {
        String text = new String(data, StandardCharsets.US_ASCII).trim();
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("the znode " + path + " holds '" + text + "', not a leader term; was it "
                    + "written by something other than Catena?", e);
        }
    }

    private static byte[] encode(long term) {
        return Long.toString(term).getBytes(StandardCharsets.US_ASCII);
    }
}
