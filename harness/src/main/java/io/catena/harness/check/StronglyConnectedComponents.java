package io.catena.harness.check;

import java.util.Arrays;

/**
 * Tarjan's strongly connected components, iterative (an explicit call stack instead of recursion,
 * so that long dependency chains cannot overflow the thread's stack).
 *
 * @param componentOf each node's component number
 * @param sizes each component's number of nodes
 */
record StronglyConnectedComponents(int[] componentOf, int[] sizes) {

    /** The components of the graph given by {@code adjacency}. */
    static StronglyConnectedComponents of(DependencyGraph.Adjacency adjacency) {
        return new Tarjan(adjacency).run();
    }

    int count() {
        return sizes.length;
    }

    /** True if {@code from} and {@code to} are distinct nodes on a common cycle. */
    boolean onCommonCycle(int from, int to) {
        return from != to && componentOf[from] == componentOf[to];
    }

    /** True if some component has more than one node, that is, the graph has a cycle. */
    boolean hasCycle() {
        for (int size : sizes) {
            if (size > 1) {
                return true;
            }
        }
        return false;
    }

    /** The state of one run of Tarjan's algorithm. */
    private static final class Tarjan {
        private final DependencyGraph.Adjacency adjacency;
        private final int[] index;
        private final int[] lowLink;
        private final boolean[] onStack;
        private final int[] stack;
        private final int[] callNode;
        private final int[] callSlot;
        private final int[] componentOf;
        private int[] sizes = new int[16];
        private int stackSize;
        private int callDepth;
        private int nextIndex;
        private int componentCount;

        Tarjan(DependencyGraph.Adjacency adjacency) {
            int n = adjacency.nodeCount();
            this.adjacency = adjacency;
            this.index = new int[n];
            this.lowLink = new int[n];
            this.onStack = new boolean[n];
            this.stack = new int[n];
            this.callNode = new int[n];
            this.callSlot = new int[n];
            this.componentOf = new int[n];
            Arrays.fill(index, -1);
        }

        StronglyConnectedComponents run() {
            for (int root = 0; root < index.length; root++) {
                if (index[root] == -1) {
                    visit(root);
                    explore();
                }
            }
            return new StronglyConnectedComponents(componentOf, Arrays.copyOf(sizes, componentCount));
        }

        private void visit(int node) {
            index[node] = nextIndex;
            lowLink[node] = nextIndex;
            nextIndex++;
            stack[stackSize++] = node;
            onStack[node] = true;
            callNode[callDepth] = node;
            callSlot[callDepth] = adjacency.offsets()[node];
            callDepth++;
        }

        private void explore() {
            int[] offsets = adjacency.offsets();
            int[] targets = adjacency.targets();
            while (callDepth > 0) {
                int node = callNode[callDepth - 1];
                int slot = callSlot[callDepth - 1];
                if (slot < offsets[node + 1]) {
                    callSlot[callDepth - 1] = slot + 1;
                    int next = targets[slot];
                    if (index[next] == -1) {
                        visit(next);
                    } else if (onStack[next]) {
                        lowLink[node] = Math.min(lowLink[node], index[next]);
                    }
                } else {
                    callDepth--;
                    if (lowLink[node] == index[node]) {
                        popComponent(node);
                    }
                    if (callDepth > 0) {
                        int caller = callNode[callDepth - 1];
                        lowLink[caller] = Math.min(lowLink[caller], lowLink[node]);
                    }
                }
            }
        }

        private void popComponent(int root) {
            if (componentCount == sizes.length) {
                sizes = Arrays.copyOf(sizes, sizes.length * 2);
            }
            int size = 0;
            int member;
            do {
                member = stack[--stackSize];
                onStack[member] = false;
                componentOf[member] = componentCount;
                size++;
            } while (member != root);
            sizes[componentCount++] = size;
        }
    }
}
