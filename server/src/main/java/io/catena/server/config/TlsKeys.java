package io.catena.server.config;

import io.catena.core.config.keys.ValueKey;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * TLS on the region port ({@code tls:} in a region's file): the catalogue of its keys, three PEM
 * files that the section, once written, requires; {@link ConfigValidator} checks that they exist.
 */
final class TlsKeys {

    static final ValueKey<Path> CERTIFICATE = file("certificate", "this process's certificate chain");

    static final ValueKey<Path> PRIVATE_KEY = file("privateKey", "the certificate's private key");

    static final ValueKey<Path> TRUSTED_CA = file("trustedCa", "the CA that signs every peer's certificate");

    static final List<ValueKey<Path>> ALL = List.of(CERTIFICATE, PRIVATE_KEY, TRUSTED_CA);

    private TlsKeys() {
    }

    private static ValueKey<Path> file(String name, String doc) {
        return new ValueKey<>(name, "a file", PathForm::parse, PathForm::written, Optional.empty(),
                ValueKey.anyValue(), doc);
    }
}
