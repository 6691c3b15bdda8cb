package site.ycsb.db.catena;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The binding's embedded three-region cluster on loopback without WAN emulation, started once for
 * a test class: {@code @RegisterExtension static final LoopbackRegions regions = new LoopbackRegions();}.
 */
final class LoopbackRegions implements BeforeAllCallback, AfterAllCallback {

    private EmbeddedCluster cluster;

    @Override
    public void beforeAll(ExtensionContext context) throws InterruptedException {
        cluster = EmbeddedCluster.start("none", "catena");
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** The first region's URL. */
    String url() {
        return cluster.url(null);
    }
}
