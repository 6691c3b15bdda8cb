package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.DriverOption;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.session.Session;
import com.datastax.oss.driver.internal.core.loadbalancing.DefaultLoadBalancingPolicy;
import com.datastax.oss.driver.internal.core.util.collection.SimpleQueryPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;

/**
 * The driver's default policy (token-aware, local data centre only, busy and slow nodes moved back)
 * with one node always tried first: the Cassandra node a chain server runs beside. Its reads and
 * writes are then coordinated on its own machine, which holds the keys the chain server owns; a
 * key it does not hold, or a node that is down, still goes to the rest of the local data centre.
 * The node is named in the driver configuration ({@link #PINNED_NODE}, {@code host:port} of its
 * CQL address, as {@link RingLocality#nameOf} names nodes). The driver makes one per profile.
 */
public final class PinnedNodePolicy extends DefaultLoadBalancingPolicy {

    /** The driver option naming the node to try first. */
    static final DriverOption PINNED_NODE = () -> "advanced.catena.pinned-node";

    private final String pinned;

    /** Called by the driver, with the profile whose {@link #PINNED_NODE} names the node. */
    public PinnedNodePolicy(DriverContext context, String profileName) {
        super(context, profileName);
        DriverExecutionProfile profile = context.getConfig().getProfile(profileName);
        if (!profile.isDefined(PINNED_NODE)) {
            throw new IllegalArgumentException("the driver configuration uses " + PinnedNodePolicy.class.getSimpleName()
                    + " but does not name its node in " + PINNED_NODE.getPath() + "; set it to the node's host:port");
        }
        this.pinned = profile.getString(PINNED_NODE);
    }

    @Override
    public Queue<Node> newQueryPlan(Request request, Session session) {
        Queue<Node> plan = super.newQueryPlan(request, session);
        List<Node> ordered = new ArrayList<>();
        for (Node node = plan.poll(); node != null; node = plan.poll()) {
            if (pinned.equals(RingLocality.nameOf(node))) {
                ordered.add(0, node);
            } else {
                ordered.add(node);
            }
        }
        return new SimpleQueryPlan(ordered.toArray());
    }
}
