package io.catena.core.procedure;

import java.util.List;

/**
 * Procedures an application or a benchmark brings to every region, found on the classpath (a
 * {@code META-INF/services/io.catena.core.procedure.ProcedureLibrary} entry naming the
 * implementation). Regions agree on the registry they run, so every region of a cluster must
 * carry the same libraries: the handshake refuses a peer whose registry differs.
 */
public interface ProcedureLibrary {

    /** The procedures, each with its name and version. */
    List<Procedure> procedures();
}
