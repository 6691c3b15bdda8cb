package io.catena.helios;

import io.catena.core.data.Version;
import io.catena.logkit.CommitRule;

/**
 * Helios' commit rule (the dissertation's Algorithm 5, Rule 2): a pending transaction stamped
 * {@code q(t)} commits once the region knows every peer's log up to {@code q(t)}, and is applied
 * at the version {@code (q(t), origin)}. With these versions every dependency between committed
 * transactions goes from a lower {@code q} to a higher one, so {@code q} order is a serial order
 * (PROTOCOL.md, "Helios").
 *
 * <p><b>Commit offsets as clock offsets.</b> Helios' knowledge timestamps are {@code q(t) + co(A,B)};
 * this rule waits for {@code q(t)} itself, and the host runs each region's clock ahead by an
 * offset {@code s_A}, which is the same as {@code co(A,B) = s_B − s_A} (PROTOCOL.md, "Helios": the
 * offsets that reach the latency bound take this form, and every cycle of them sums to zero, which
 * serializability needs).
 *
 * <p>Stateless; any thread.
 */
final class HeliosRule implements CommitRule {

    @Override
    public String protocol() {
        return "Helios";
    }

    @Override
    public String table() {
        return "__helios_records";
    }

    @Override
    public Verdict judge(Candidate t, LogState state) {
        for (int peer : state.peers()) {
            if (state.known(peer) < t.pendingAt()) {
                return Verdict.WAIT;
            }
        }
        return Verdict.COMMIT;
    }

    @Override
    public Version version(int origin, long pendingAt, long finishedAt) {
        return Version.of(pendingAt, origin);
    }

    @Override
    public long versionAtLeast(long pendingAt) {
        return pendingAt;
    }
}
