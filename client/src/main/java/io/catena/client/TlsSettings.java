package io.catena.client;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How a connection secures its links when the URL says {@code tls=true}. The transport reads the
 * files; the URL parser only checks that the settings fit together.
 *
 * @param trustedCertificates PEM file of the certificate authorities to trust ({@code tlsCa});
 *                            null: the JVM's default trust store
 * @param certificate         PEM file of this client's certificate chain ({@code tlsCert}); null
 *                            unless the coordinators require client authentication
 * @param privateKey          PEM file of this client's private key ({@code tlsKey}); present
 *                            exactly when {@code certificate} is
 */
public record TlsSettings(Path trustedCertificates, Path certificate, Path privateKey) {

    /** Checks that a client certificate comes with its key. */
    public TlsSettings {
        if ((certificate == null) != (privateKey == null)) {
            throw new IllegalArgumentException("a client certificate and its private key come together");
        }
    }

    /** The trusted authorities, if the URL named a file. */
    public Optional<Path> trustedCertificatesFile() {
        return Optional.ofNullable(trustedCertificates);
    }

    /** Whether this client proves its identity with a certificate. */
    public boolean authenticatesClient() {
        return certificate != null;
    }
}
