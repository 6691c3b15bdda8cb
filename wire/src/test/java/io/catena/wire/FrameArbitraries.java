package io.catena.wire;

import static io.catena.wire.CoreArbitraries.nodes;
import static io.catena.wire.CoreArbitraries.requests;
import static io.catena.wire.CoreArbitraries.text;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** jqwik arbitraries for every {@link Frame}, keyed by {@link FrameKind}. */
public final class FrameArbitraries {

    private FrameArbitraries() {
    }

    private static Arbitrary<ProcessRole> roles() {
        return Arbitraries.integers().between(-1, 1_000).map(i -> i < 0 ? ProcessRole.COORDINATOR
                : ProcessRole.chainServer(i));
    }

    /** Every frame kind with a generator of its frames; tests check no kind is missing. */
    public static Map<FrameKind, Arbitrary<? extends Frame>> byKind() {
        Map<FrameKind, Arbitrary<? extends Frame>> byKind = new EnumMap<>(FrameKind.class);
        // Hellos before version 2 carry no settings digest, before version 3 no clock reading, and
        // before version 4 no role, so none is generated for them.
        Arbitrary<Hello> hellos = Combinators.combine(Arbitraries.integers(), text(), text(), text().injectNull(0.2),
                text().injectNull(0.2), clockReadings(), Arbitraries.of(Hello.PeerKind.class), text().injectNull(0.2))
                .as((version, cluster, region, registry, settings, clock, peer, sender) -> new Hello(version, cluster,
                        region, registry, version >= Hello.SETTINGS_DIGEST_SINCE ? settings : null,
                        version >= Hello.CLOCK_SINCE ? clock : OptionalLong.empty(), peer, sender));
        byKind.put(FrameKind.HELLO, Combinators.combine(hellos, roles(), Arbitraries.longs().greaterOrEqual(0))
                .as((h, role, term) -> new Hello(h.protocolVersion(), h.cluster(), h.region(), h.registryDigest(),
                        h.settingsDigest(), h.clockMicros(), h.peer(), h.sender(),
                        h.protocolVersion() >= Hello.ROLE_SINCE ? role : ProcessRole.COORDINATOR,
                        h.protocolVersion() >= Hello.TERM_SINCE ? term : 0)));
        byKind.put(FrameKind.WELCOME, Combinators.combine(Arbitraries.integers(), text(), text(), Arbitraries.integers(),
                Arbitraries.integers(), roles(), clockReadings())
                .as((version, cluster, region, regionIndex, clientIndex, role, clock) ->
                new Welcome(version, cluster, region, regionIndex, clientIndex,
                        version >= Hello.ROLE_SINCE ? role : ProcessRole.COORDINATOR,
                        version >= Welcome.CLOCK_SINCE ? clock : OptionalLong.empty())));
        byKind.put(FrameKind.REFUSAL, text().filter(s -> !s.isBlank()).map(Refusal::new));
        byKind.put(FrameKind.NODE_MESSAGE, Combinators.combine(nodes(), nodes(), MessageArbitraries.messages())
                .as(NodeMessage::new));
        byKind.put(FrameKind.CLIENT_MESSAGE, MessageArbitraries.messages().map(ClientMessage::new));
        byKind.put(FrameKind.ERROR_NOTICE, Combinators.combine(Arbitraries.of(ErrorNotice.Code.class),
                requests().injectNull(0.3), text()).as(ErrorNotice::new));
        return byKind;
    }

    /** A clock reading or none: any long, negative ones (before genesis) included. */
    private static Arbitrary<OptionalLong> clockReadings() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.longs().map(OptionalLong::of)),
                Tuple.of(1, Arbitraries.just(OptionalLong.empty())));
    }

    /** Any frame, every kind equally likely. */
    public static Arbitrary<Frame> frames() {
        return Arbitraries.oneOf(List.copyOf(byKind().values()));
    }
}
