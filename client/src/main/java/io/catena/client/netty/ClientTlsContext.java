package io.catena.client.netty;

import io.catena.client.TlsSettings;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Builds the client side of TLS from a URL's settings, naming the file when one cannot be used. */
final class ClientTlsContext {

    private ClientTlsContext() {
    }

    static SslContext build(TlsSettings settings) {
        SslContextBuilder b = SslContextBuilder.forClient().sslProvider(SslProvider.JDK);
        settings.trustedCertificatesFile().ifPresent(ca -> {
            try (InputStream in = open(ca, "trusted certificates (tlsCa)")) {
                b.trustManager(in);
            } catch (IOException | IllegalArgumentException e) {
                throw unusable(ca, "trusted certificates (tlsCa)", e);
            }
        });
        if (settings.authenticatesClient()) {
            try (InputStream cert = open(settings.certificate(), "client certificate (tlsCert)");
                 InputStream key = open(settings.privateKey(), "client private key (tlsKey)")) {
                b.keyManager(cert, key);
            } catch (IOException | IllegalArgumentException e) {
                throw unusable(settings.certificate(), "client certificate and key (tlsCert, tlsKey)", e);
            }
        }
        try {
            return b.build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private static InputStream open(Path file, String what) throws IOException {
        if (!Files.isReadable(file)) {
            throw new IOException("the " + what + " file " + file + " does not exist or cannot be read");
        }
        return Files.newInputStream(file);
    }

    private static IllegalArgumentException unusable(Path file, String what, Exception e) {
        return new IllegalArgumentException("cannot use the " + what + " in " + file + ": " + e.getMessage(), e);
    }
}
