package io.catena.core.procedure;

import io.catena.core.data.Row;
import io.catena.core.txn.Hop;
import java.util.List;

/**
 * A named, versioned stored procedure, registered with the same code in every region.
 *
 * <p>Contract: {@link #hops} and {@link #executeHop} are pure functions of their inputs. They
 * read no clock, no randomness and no state outside the context they are given, because every
 * region runs them independently and must reach the same result. A procedure that needs a
 * timestamp or a random choice takes it as an argument.
 */
public interface Procedure {

    String name();

    int version();

    /**
     * The chain keys this call touches, in execution order, with their access modes. Each chain
     * key may appear once. Throw {@link IllegalArgumentException} for arguments that make no
     * sense; the call is then rejected without running.
     */
    List<Hop> hops(Row args);

    /** Runs hop {@code hopIndex} against its chain key's rows. */
    void executeHop(int hopIndex, HopContext context);
}
