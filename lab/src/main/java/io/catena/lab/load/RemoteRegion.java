package io.catena.lab.load;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.ConnectionUrl;
import io.catena.client.UnavailableException;

/** Connecting a benchmark's clients to one region of a running cluster. */
public final class RemoteRegion {

    private RemoteRegion() {
    }

    /**
     * Connects to the region {@code url} names.
     *
     * @throws IllegalStateException naming the region and its hosts if none of them answers
     */
    public static Connection connect(ConnectionUrl url) {
        try {
            return Catena.connect(url);
        } catch (UnavailableException e) {
            throw new IllegalStateException("cannot reach region " + url.region() + " at " + url.hosts() + ": "
                    + e.getMessage(), e);
        }
    }
}
