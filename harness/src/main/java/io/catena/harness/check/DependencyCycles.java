package io.catena.harness.check;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the cycles of a dependency graph and classifies them by the edge types that can form them.
 *
 * <p>An edge lies on a cycle of some subgraph exactly when both its ends are in the same strongly
 * connected component of that subgraph. So, counting one anomaly per component:
 * <ul>
 *   <li>G0: a component of the ww-only subgraph with more than one transaction;</li>
 *   <li>G1c: a component of the ww+wr subgraph that contains a wr edge;</li>
 *   <li>G2: a component of the whole graph that contains an rw edge.</li>
 * </ul>
 * A component can show several classes at once (a G2 component usually also holds G0 or G1c
 * cycles if it holds any). Each example cycle starts with an edge of its class and returns by the
 * shortest path inside the component, searched with ww edges only, then ww+wr, then all edges.
 */
final class DependencyCycles {

    private static final int WW = DependencyType.WW.bit();
    private static final int WW_WR = DependencyType.WW.bit() | DependencyType.WR.bit();

    private final DependencyGraph graph;
    private final IndexedHistory history;
    private final CheckReport.Builder report;

    private DependencyCycles(DependencyGraph graph, IndexedHistory history, CheckReport.Builder report) {
        this.graph = graph;
        this.history = history;
        this.report = report;
    }

    /** Counts the edges of each type as information, then reports every cycle as {@link #report} does. */
    static void reportWithEdgeCounts(DependencyGraph graph, IndexedHistory history, CheckReport.Builder report) {
        for (DependencyType type : DependencyType.values()) {
            report.info("edges-" + type.label(), graph.edgeCount(type));
        }
        report(graph, history, report);
    }

    /** Reports every G0, G1c and G2 component of {@code graph}. */
    static void report(DependencyGraph graph, IndexedHistory history, CheckReport.Builder report) {
        DependencyGraph.Adjacency all = graph.adjacency(DependencyType.ALL);
        StronglyConnectedComponents whole = StronglyConnectedComponents.of(all);
        if (!whole.hasCycle()) {
            return;
        }
        DependencyCycles cycles = new DependencyCycles(graph, history, report);
        DependencyGraph.Adjacency ww = graph.adjacency(WW);
        DependencyGraph.Adjacency wwWr = graph.adjacency(WW_WR);
        cycles.reportClass(Anomaly.G0, DependencyType.WW, StronglyConnectedComponents.of(ww), List.of(ww));
        cycles.reportClass(Anomaly.G1C, DependencyType.WR, StronglyConnectedComponents.of(wwWr),
                List.of(ww, wwWr));
        cycles.reportClass(Anomaly.G2, DependencyType.RW, whole, List.of(ww, wwWr, all));
    }

    /**
     * Reports one {@code anomaly} per component of {@code components} that holds an edge of type
     * {@code anchor}; the example closes the cycle with the first of {@code searches} that can.
     */
    private void reportClass(Anomaly anomaly, DependencyType anchor, StronglyConnectedComponents components,
                             List<DependencyGraph.Adjacency> searches) {
        boolean[] reported = new boolean[components.count()];
        for (int edge = 0; edge < graph.edgeCount(); edge++) {
            int from = graph.source(edge);
            int to = graph.target(edge);
            if (graph.type(edge) != anchor || !components.onCommonCycle(from, to)) {
                continue;
            }
            int component = components.componentOf()[from];
            if (reported[component]) {
                continue;
            }
            reported[component] = true;
            int anchorEdge = edge;
            report.report(anomaly, () -> describeCycle(anchorEdge, closingPath(anchorEdge, components, searches),
                    components.sizes()[component]));
        }
    }

    private int[] closingPath(int anchorEdge, StronglyConnectedComponents components,
                              List<DependencyGraph.Adjacency> searches) {
        for (DependencyGraph.Adjacency adjacency : searches) {
            int[] path = shortestPath(adjacency, graph.target(anchorEdge), graph.source(anchorEdge), components);
            if (path != null) {
                return path;
            }
        }
        throw new IllegalStateException("no path closes the cycle of edge " + anchorEdge
                + " although its ends share a strongly connected component");
    }

    /**
     * The edges of a shortest path from {@code from} to {@code to} that stays inside their component
     * (breadth-first), or null if {@code adjacency} has none.
     */
    private static int[] shortestPath(DependencyGraph.Adjacency adjacency, int from, int to,
                                      StronglyConnectedComponents components) {
        int component = components.componentOf()[from];
        int[] parentSlot = new int[adjacency.nodeCount()];
        Arrays.fill(parentSlot, -1);
        int[] parentNode = new int[adjacency.nodeCount()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        parentSlot[from] = Integer.MAX_VALUE;
        while (!queue.isEmpty()) {
            int node = queue.poll();
            if (node == to) {
                return pathTo(adjacency, to, from, parentSlot, parentNode);
            }
            for (int slot = adjacency.offsets()[node]; slot < adjacency.offsets()[node + 1]; slot++) {
                int next = adjacency.targets()[slot];
                if (parentSlot[next] == -1 && components.componentOf()[next] == component) {
                    parentSlot[next] = slot;
                    parentNode[next] = node;
                    queue.add(next);
                }
            }
        }
        return null;
    }

    private static int[] pathTo(DependencyGraph.Adjacency adjacency, int to, int from, int[] parentSlot,
                                int[] parentNode) {
        List<Integer> reversed = new ArrayList<>();
        for (int node = to; node != from; node = parentNode[node]) {
            reversed.add(adjacency.edgeIds()[parentSlot[node]]);
        }
        int[] path = new int[reversed.size()];
        for (int i = 0; i < path.length; i++) {
            path[i] = reversed.get(path.length - 1 - i);
        }
        return path;
    }

    /** E.g. {@code T1 -ww[x]-> T2 -rw[y]-> T1 (2 transactions in the component)}. */
    private String describeCycle(int anchorEdge, int[] closingPath, int componentSize) {
        StringBuilder text = new StringBuilder(history.id(graph.source(anchorEdge)));
        appendEdge(text, anchorEdge);
        for (int edge : closingPath) {
            appendEdge(text, edge);
        }
        return text.append(" (").append(componentSize).append(" transactions in the component)").toString();
    }

    private void appendEdge(StringBuilder text, int edge) {
        text.append(" -").append(graph.type(edge).label()).append('[').append(graph.key(edge)).append("]-> ")
                .append(history.id(graph.target(edge)));
    }
}
