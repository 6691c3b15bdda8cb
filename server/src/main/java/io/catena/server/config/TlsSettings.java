package io.catena.server.config;

import java.nio.file.Path;
import java.util.Objects;

/**
 * TLS for the region port ({@code tls:} in the file; without it, connections are plain TCP). All
 * three files are PEM and must exist; paths in a file are relative to the file's directory. Per
 * process: not part of the cluster fingerprint.
 *
 * @param certificate this process's certificate chain
 * @param privateKey  the certificate's private key
 * @param trustedCa   the CA that signs every peer's certificate; peers and clients are verified
 *                    against it
 */
public record TlsSettings(Path certificate, Path privateKey, Path trustedCa) {

    public TlsSettings {
        Objects.requireNonNull(certificate, "certificate");
        Objects.requireNonNull(privateKey, "privateKey");
        Objects.requireNonNull(trustedCa, "trustedCa");
    }
}
