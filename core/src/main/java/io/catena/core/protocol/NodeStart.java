package io.catena.core.protocol;

/**
 * How a host starts a node.
 *
 * @param incarnation what the node announces so that its peers recognise a restart; the host
 *                    chooses it (the runtime from its clock, the simulator counts restarts)
 * @param recover     whether the node resumes from what its store kept rather than starting afresh
 */
public record NodeStart(long incarnation, boolean recover) {
}
