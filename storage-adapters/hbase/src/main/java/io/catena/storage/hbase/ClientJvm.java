package io.catena.storage.hbase;

/**
 * Whether this JVM can run the HBase client. Hadoop's login code, inside the client, asks for the
 * caller's {@code Subject} through {@code Subject.getSubject}, which Java 23 supports only with the
 * security manager allowed and Java 24 removed; on those JVMs every connection fails deep inside
 * with "getSubject is not supported". Checking first turns that into a sentence that says what to do.
 */
final class ClientJvm {

    private ClientJvm() {
    }

    /**
     * @throws HBaseSchemaException if this JVM cannot run the HBase client
     */
    static void requireSupported() {
        require(Runtime.version().feature(), System.getProperty("java.security.manager"));
    }

    /** As {@link #requireSupported}, for a JVM of that feature release and security-manager setting. */
    static void require(int feature, String securityManager) {
        boolean supported = feature < 23 || feature == 23 && "allow".equals(securityManager);
        if (!supported) {
            throw new HBaseSchemaException("The HBase client cannot run on Java " + feature
                    + " (Hadoop's login needs Subject.getSubject, which Java 24 removed): run on Java 17 or 21,"
                    + " for bin/catena by setting CATENA_JAVA_HOME to that JDK.");
        }
    }
}
