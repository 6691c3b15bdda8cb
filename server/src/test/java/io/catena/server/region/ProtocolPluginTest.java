package io.catena.server.region;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.baselines.Protocol;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.NodeSlot;
import io.catena.core.protocol.ProtocolPlugin;
import io.catena.core.protocol.RegionSetup;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every protocol the runtime offers resolves to its plug-in, whose region starts with its entry
 * node: the node clients and peer regions reach.
 */
class ProtocolPluginTest {

    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(List.of("us", "eu", "asia"))
            .chainServersPerRegion(2).build();
    private static final RegionId EU = RegionId.of(1);

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void everyProtocolHasAPluginWhoseRegionStartsAtItsEntryNode(Protocol protocol) {
        ProtocolPlugin plugin = protocol.plugin();

        List<NodeSlot> nodes = plugin.nodes(new RegionSetup(CONFIG, CONFIG.placement(), EU, ProcedureRegistry.empty()));

        assertThat(plugin.name()).isEqualTo(protocol.flag());
        assertThat(nodes.get(0).id()).isEqualTo(NodeId.coordinator(EU));
        assertThat(nodes).extracting(s -> s.id().region()).containsOnly(EU);
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"TWO_PHASE_LOCKING", "OPTIMISTIC"})
    void aBaselineRefusesFaultToleranceInOneSentence(Protocol protocol) {
        assertThat(protocol.plugin().capabilities().problem(protocol.flag(), 1, false))
                .startsWith(protocol.flag() + " handles no region failure").doesNotContain("\n");
        assertThat(protocol.plugin().capabilities().problem(protocol.flag(), 0, true)).isNull();
    }
}
