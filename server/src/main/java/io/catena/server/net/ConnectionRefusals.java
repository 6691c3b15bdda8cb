package io.catena.server.net;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Connections a region process accepted and then closed before they got anywhere, by why. A
 * count that keeps rising points at a misconfigured peer or client (a certificate from the wrong
 * authority, plain text on a TLS port, the wrong cluster name) or at someone probing the port.
 * Threading: any thread.
 */
public final class ConnectionRefusals {

    /** Why an accepted connection was closed during its handshake. */
    public enum Reason {
        /** The TLS handshake failed: no certificate, one from an untrusted authority, or no TLS at all. */
        TLS,
        /** The caller's Hello was refused (wrong cluster, region, version or procedures), or was not a Hello. */
        HELLO,
        /** No Hello arrived in time. */
        TIMEOUT,
        /** The connection failed during the handshake for another reason. */
        FAILED
    }

    /** Marks a connection whose refusal is counted, so that it is counted once. */
    private static final AttributeKey<Boolean> COUNTED = AttributeKey.valueOf("catena-refusal-counted");

    private final Map<Reason, AtomicLong> counts = new EnumMap<>(Reason.class);

    public ConnectionRefusals() {
        for (Reason r : Reason.values()) {
            counts.put(r, new AtomicLong());
        }
    }

    /**
     * Counts the refusal of {@code channel} for {@code reason}, unless it was counted already (a
     * failed TLS handshake, for one, is reported both as an event and as an exception).
     *
     * @return whether this call counted it, so that the caller logs it once too
     */
    boolean refuse(Channel channel, Reason reason) {
        if (Boolean.TRUE.equals(channel.attr(COUNTED).getAndSet(Boolean.TRUE))) {
            return false;
        }
        counts.get(reason).incrementAndGet();
        return true;
    }

    public long count(Reason reason) {
        return counts.get(reason).get();
    }
}
