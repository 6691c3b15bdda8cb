package io.catena.storage.hbase;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The runtime classpath of a standalone HBase, as the catena-hbase-server module recorded it at
 * build time (its jars in the local Maven repository). Kept out of Catena's own classpath: HBase
 * and Hadoop bring their own versions of Netty, Jackson and logging.
 */
final class ServerClasspath {

    static final String RESOURCE = "/io/catena/storage/hbase/server/hbase.classpath";

    private ServerClasspath() {
    }

    /** The recorded classpath, path-separator separated. */
    static String read() {
        try (InputStream in = ServerClasspath.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the HBase server classpath resource " + RESOURCE
                        + " is missing; build the catena-hbase-server module and put its jar on the classpath");
            }
            String classpath = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            if (classpath.isEmpty()) {
                throw new IllegalStateException("the HBase server classpath resource " + RESOURCE + " is empty");
            }
            return classpath;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the HBase server classpath " + RESOURCE, e);
        }
    }
}
