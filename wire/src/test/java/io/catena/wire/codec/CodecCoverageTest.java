package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Datum;
import io.catena.core.id.NodeId;
import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.core.message.MessageType;
import io.catena.core.message.PluginMessage;
import io.catena.core.txn.Access;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.wire.CoreArbitraries;
import io.catena.wire.ErrorNotice;
import io.catena.wire.Frame;
import io.catena.wire.FrameArbitraries;
import io.catena.wire.FrameKind;
import io.catena.wire.Hello;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.MessageArbitraries;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;

/**
 * Nothing on the wire goes untested: every frame kind, message type and sealed subtype has a
 * generator here, and each generated sample survives both codecs. A type added to core fails
 * these tests until the codec (and the generators) handle it. (jqwik examples, because
 * arbitraries generate only on jqwik's threads; the samples come from a fixed seed.)
 */
class CodecCoverageTest {

    /** Fixed, so the samples are the same on every run. */
    private static final long SEED = 0x5EED_CA7EL;

    private final Random random = new Random(SEED);

    @Example
    void everyMessageTypeHasAGeneratorAndRoundTrips() throws MalformedFrameException {
        Map<MessageKind, Arbitrary<? extends Message>> byType = MessageArbitraries.byType();

        assertThat(byType.keySet()).containsExactlyInAnyOrder(MessageType.values());
        WireAssertions.assertEveryKindRoundTrips(byType, random);
    }

    @Example
    void everyCoreMessageRecordHasAMessageType() {
        Set<Class<?>> records = new HashSet<>(Set.of(Message.class.getPermittedSubclasses()));
        records.remove(PluginMessage.class);

        assertThat(records).hasSameSizeAs(MessageType.values());
    }

    @Example
    void everyFrameKindHasAGeneratorAndRoundTrips() throws MalformedFrameException {
        Map<FrameKind, Arbitrary<? extends Frame>> byKind = FrameArbitraries.byKind();

        assertThat(byKind.keySet()).containsExactlyInAnyOrder(FrameKind.values());
        assertThat(Frame.class.getPermittedSubclasses()).hasSameSizeAs(FrameKind.values());
        for (Map.Entry<FrameKind, Arbitrary<? extends Frame>> e : byKind.entrySet()) {
            for (Frame f : WireAssertions.samples(e.getValue(), random)) {
                assertThat(f.kind()).isEqualTo(e.getKey());
                WireAssertions.assertRoundTrips(f);
            }
        }
    }

    @Example
    void everySubtypeOfEverySealedValueHasAGenerator() {
        assertCovers(Datum.class, CoreArbitraries.datumsByType());
        assertCovers(Op.class, CoreArbitraries.opsByType());
        assertCovers(UpdateFn.class, CoreArbitraries.updateFnsByType());
        assertCovers(Condition.class, CoreArbitraries.conditionsByType());
        assertCovers(TxnSpec.class, CoreArbitraries.specsByType());
    }

    @Example
    void everyEnumConstantHasAWireCode() {
        assertThat(IdSchema.ROLES.inWireOrder()).containsExactlyInAnyOrder(NodeId.Role.values());
        assertThat(TxnSchema.ACCESS.inWireOrder()).containsExactlyInAnyOrder(Access.values());
        assertThat(TxnSchema.OUTCOMES.inWireOrder()).containsExactlyInAnyOrder(Outcome.values());
        assertThat(TxnSchema.COMPARISONS.inWireOrder()).containsExactlyInAnyOrder(Condition.Comparison.values());
        assertThat(FrameSchema.PEER_KINDS.inWireOrder()).containsExactlyInAnyOrder(Hello.PeerKind.values());
        assertThat(FrameSchema.ERROR_CODES.inWireOrder()).containsExactlyInAnyOrder(ErrorNotice.Code.values());
    }

    private <T> void assertCovers(Class<T> sealed, Map<? extends Class<? extends T>, ? extends Arbitrary<? extends T>> byType) {
        Set<Class<?>> permitted = Arrays.stream(sealed.getPermittedSubclasses()).collect(Collectors.toSet());
        assertThat(Set.<Class<?>>copyOf(byType.keySet())).as("generators for %s", sealed.getSimpleName())
                .isEqualTo(permitted);
        byType.forEach((type, arbitrary) -> assertThat(WireAssertions.samples(arbitrary, random)).allSatisfy(v -> assertThat(v).isInstanceOf(type)));
    }
}
