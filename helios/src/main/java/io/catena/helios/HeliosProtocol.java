package io.catena.helios;

import io.catena.logkit.LogProtocol;

/**
 * Helios as a plug-in ({@code helios}): a log node with {@link HeliosRule}. Helios-0 tolerates no
 * region failure (a region waits for every peer's log).
 */
public final class HeliosProtocol extends LogProtocol {

    public HeliosProtocol() {
        super("helios", new HeliosRule());
    }
}
