package io.catena.server.region;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.Capabilities;
import io.catena.core.protocol.NodeSlot;
import io.catena.core.protocol.Protocol;
import io.catena.core.protocol.ProtocolPlugin;
import io.catena.core.protocol.RegionSetup;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every protocol the runtime offers resolves to its plug-in, whose region starts with its entry
 * node: the node clients and peer regions reach.
 */
class ProtocolPluginTest {

    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(List.of("us", "eu", "asia"))
            .chainServersPerRegion(2).build();
    private static final RegionId EU = RegionId.of(1);

    @Test
    void theRuntimeOffersCatenaFirstThenTheOthersAlphabetically() {
        assertThat(Protocol.names()).containsExactly("catena", "2pl", "helios", "mf", "occ");
    }

    @ParameterizedTest
    @MethodSource("io.catena.core.protocol.Protocol#names")
    void everyProtocolHasAPluginWhoseRegionStartsAtItsEntryNode(String name) {
        ProtocolPlugin plugin = Protocol.parse(name).plugin();

        List<NodeSlot> nodes = plugin.nodes(RegionSetup.hashed(CONFIG, EU, ProcedureRegistry.empty()));

        assertThat(plugin.name()).isEqualTo(name);
        assertThat(nodes.get(0).id()).isEqualTo(NodeId.coordinator(EU));
        assertThat(nodes).extracting(s -> s.id().region()).containsOnly(EU);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2pl", "occ", "helios", "mf"})
    void theBaselinesAndTheLogProtocolsRefuseFaultToleranceInOneSentence(String name) {
        Capabilities capabilities = Protocol.parse(name).plugin().capabilities();
        assertThat(capabilities.problem(name, 1, false)).startsWith(name + " handles no region failure")
                .doesNotContain("\n");
        assertThat(capabilities.problem(name, 0, true)).isNull();
    }
}
