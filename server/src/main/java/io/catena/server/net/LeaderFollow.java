package io.catena.server.net;

import io.catena.wire.Hello;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Follows the newest leader of each region's coordinators, by the terms their Hellos carry: a
 * link from a coordinator of an older term than one already heard from is refused, and the links
 * of older terms still open are closed when a newer one arrives. So a paused or cut-off old leader
 * that wakes up reaches no peer region and no chain server of its own region, whatever it still
 * believes; its successor's links carry on. Regions without standbys say term 0 throughout.
 *
 * <p>Thread-safe: called from Netty's loops as connections are admitted and closed.
 */
public final class LeaderFollow {

    private final Map<String, Long> newest = new HashMap<>();
    private final Map<Channel, Long> linkTerms = new LinkedHashMap<>();
    private final Map<Channel, String> linkRegions = new HashMap<>();
    private final BiConsumer<String, Long> succeeded;

    /**
     * @param succeeded told (region name, new term) when a region's leader is succeeded by a newer
     *                  one, so that this process redials its own link to that region's coordinator
     */
    public LeaderFollow(BiConsumer<String, Long> succeeded) {
        this.succeeded = succeeded;
    }

    /** Follows without redialling anything: for a process that keeps no links of its own. */
    public static LeaderFollow passive() {
        return new LeaderFollow((region, term) -> { });
    }

    /**
     * Admits {@code channel}, whose caller said {@code hello}, or says why not: only the links of
     * coordinators' processes are followed, everything else passes.
     *
     * @return null if the link may go on, else one sentence for the refusal
     */
    String admit(Hello hello, Channel channel) {
        if (hello.peer() != Hello.PeerKind.NODE || !hello.role().isCoordinator()) {
            return null;
        }
        String region = hello.region();
        long known;
        boolean replaced;
        List<Channel> older = List.of();
        synchronized (this) {
            known = newest.getOrDefault(region, 0L);
            if (hello.term() < known) {
                return "the coordinator of region " + region + " in term " + hello.term() + " was succeeded by term "
                        + known + ", which this process follows";
            }
            replaced = hello.term() > known;
            if (replaced) {
                newest.put(region, hello.term());
                older = older(region, hello.term());
            }
            linkTerms.put(channel, hello.term());
            linkRegions.put(channel, region);
        }
        // Closed outside the lock: a channel closed on this thread forgets itself at once.
        older.forEach(Channel::close);
        channel.closeFuture().addListener(f -> forget(channel));
        if (replaced && known > 0) {
            succeeded.accept(region, hello.term());
        }
        return null;
    }

    /** The newest term heard of {@code region}'s coordinators; 0 if none. */
    public synchronized long newest(String region) {
        return newest.getOrDefault(region, 0L);
    }

    private List<Channel> older(String region, long term) {
        List<Channel> older = new ArrayList<>();
        linkTerms.forEach((channel, linkTerm) -> {
            if (linkTerm < term && region.equals(linkRegions.get(channel))) {
                older.add(channel);
            }
        });
        return older;
    }

    private synchronized void forget(Channel channel) {
        linkTerms.remove(channel);
        linkRegions.remove(channel);
    }
}
