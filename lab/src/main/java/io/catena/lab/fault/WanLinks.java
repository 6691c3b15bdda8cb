package io.catena.lab.fault;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.catena.core.wan.LatencyMatrix;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The WAN between the regions as Toxiproxy proxies: one per direction of every link, through
 * which region {@code from} dials region {@code to} (its file lists the proxy's port as {@code to}'s
 * address), so every byte between two regions crosses exactly one proxy. Each proxy delays both of
 * its streams by half the pair's round trip, as the in-process emulation delays each message, so a
 * fault's toxic adds to the WAN's latency on the same path, and a cut loses what is on the wire.
 *
 * <p>Threading: one caller at a time (the scenario's thread).
 */
public final class WanLinks {

    private static final String BASE_LATENCY = "wan";
    private static final String EXTRA_LATENCY = "fault-latency";
    private static final String RESET = "fault-reset";
    /** The emulation's jitter, as a share of the delay, kept so that both routes look alike. */
    private static final double JITTER = 0.02;

    private final Proxy[][] proxies;

    private WanLinks(Proxy[][] proxies) {
        this.proxies = proxies;
    }

    /**
     * Creates the proxies: from region {@code i} to {@code j} listening on {@code listenPorts[i][j]}
     * and forwarding to {@code regionPorts[j]}, delayed by {@code wan}.
     */
    static WanLinks create(LocalToxiproxy toxiproxy, LatencyMatrix wan, int[][] listenPorts, int[] regionPorts)
            throws IOException {
        int n = regionPorts.length;
        Proxy[][] proxies = new Proxy[n][n];
        for (int from = 0; from < n; from++) {
            for (int to = 0; to < n; to++) {
                if (from == to) {
                    continue;
                }
                Proxy p = toxiproxy.proxy("wan-" + wan.regions().get(from) + "-" + wan.regions().get(to),
                        listenPorts[from][to], regionPorts[to]);
                long oneWayMillis = wan.oneWayMicros(from, to) / 1_000;
                for (ToxicDirection d : ToxicDirection.values()) {
                    p.toxics().latency(BASE_LATENCY + "-" + d.name().toLowerCase(), d, oneWayMillis)
                            .setJitter(Math.round(oneWayMillis * JITTER));
                }
                proxies[from][to] = p;
            }
        }
        return new WanLinks(proxies);
    }

    /** Cuts every link of region {@code region}: its connections closed, new ones refused. */
    public void cut(int region) throws IOException {
        for (Proxy p : linksOf(region)) {
            p.disable();
        }
    }

    /** Undoes {@link #cut}. */
    public void heal(int region) throws IOException {
        for (Proxy p : linksOf(region)) {
            p.enable();
        }
    }

    /** Adds {@code extra} to every byte between regions {@code a} and {@code b}, both ways. */
    public void slow(int a, int b, Duration extra) throws IOException {
        for (Proxy p : List.of(proxies[a][b], proxies[b][a])) {
            for (ToxicDirection d : ToxicDirection.values()) {
                p.toxics().latency(EXTRA_LATENCY + "-" + d.name().toLowerCase(), d, extra.toMillis());
            }
        }
    }

    /** Undoes {@link #slow}. */
    public void unslow(int a, int b) throws IOException {
        for (Proxy p : List.of(proxies[a][b], proxies[b][a])) {
            for (ToxicDirection d : ToxicDirection.values()) {
                p.toxics().get(EXTRA_LATENCY + "-" + d.name().toLowerCase()).remove();
            }
        }
    }

    /**
     * Resets the connections between regions {@code a} and {@code b} (TCP RST) and keeps resetting
     * every new one for {@code during}: the peers' links must reconnect and resend.
     */
    public void reset(int a, int b, Duration during) throws IOException, InterruptedException {
        List<Proxy> link = List.of(proxies[a][b], proxies[b][a]);
        for (Proxy p : link) {
            p.toxics().resetPeer(RESET, ToxicDirection.UPSTREAM, 0);
        }
        Thread.sleep(during.toMillis());
        for (Proxy p : link) {
            p.toxics().get(RESET).remove();
        }
    }

    private List<Proxy> linksOf(int region) {
        return IntStream.range(0, proxies.length).filter(other -> other != region).boxed()
                .flatMap(other -> Stream.of(proxies[region][other], proxies[other][region])).toList();
    }
}
