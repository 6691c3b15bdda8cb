package io.catena.wire;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLException;

/**
 * Mutual TLS for Catena connections, from three PEM files. Every node and client presents its own
 * certificate and accepts only peers whose certificate chains to one of the trusted CAs; a client
 * also checks that the server's certificate names the host it dialled (see {@link WirePipeline}).
 * Contexts use the JDK's TLS implementation and allow TLS 1.3 and 1.2.
 *
 * <p>The files are read when a context is built, so a node started with bad files fails at once
 * with a {@link TlsSetupException} naming the file, not at its first handshake.
 *
 * @param certificateChain    this process's certificate, then any intermediates (PEM)
 * @param privateKey          the certificate's key, unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY})
 * @param trustedCertificates the CA certificates peers must chain to (PEM)
 */
public record TlsSettings(Path certificateChain, Path privateKey, Path trustedCertificates) {

    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    public TlsSettings {
        List<String> missing = new ArrayList<>();
        if (certificateChain == null) {
            missing.add("certificate chain");
        }
        if (privateKey == null) {
            missing.add("private key");
        }
        if (trustedCertificates == null) {
            missing.add("trusted certificates");
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("TLS needs a certificate chain, a private key and trusted CA certificates;"
                    + " missing: " + String.join(", ", missing));
        }
    }

    /**
     * The context for accepting connections: it presents this process's certificate and requires
     * every peer to present one that chains to a trusted CA. Immutable; share it across channels.
     *
     * @throws TlsSetupException naming the file if one is missing, unreadable or not valid PEM,
     *                           or if the key does not belong to the certificate
     */
    public SslContext serverContext() throws TlsSetupException {
        Material m = load();
        try {
            return SslContextBuilder.forServer(m.key(), m.chain())
                    .trustManager(m.trusted())
                    .clientAuth(ClientAuth.REQUIRE)
                    .sslProvider(SslProvider.JDK)
                    .protocols(PROTOCOLS)
                    .build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new TlsSetupException(failure(e), e);
        }
    }

    /**
     * The context for dialling out: it presents this process's certificate and accepts servers
     * whose certificate chains to a trusted CA. Immutable; share it across channels.
     *
     * @throws TlsSetupException naming the file if one is missing, unreadable or not valid PEM,
     *                           or if the key does not belong to the certificate
     */
    public SslContext clientContext() throws TlsSetupException {
        Material m = load();
        try {
            return SslContextBuilder.forClient()
                    .keyManager(m.key(), m.chain())
                    .trustManager(m.trusted())
                    .sslProvider(SslProvider.JDK)
                    .protocols(PROTOCOLS)
                    .build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new TlsSetupException(failure(e), e);
        }
    }

    private Material load() throws TlsSetupException {
        X509Certificate[] chain = PemFiles.certificates(certificateChain, "TLS certificate chain");
        PrivateKey key = PemFiles.privateKey(privateKey, "TLS private key");
        PemFiles.requireKeyOfCertificate(key, privateKey, chain[0], certificateChain);
        X509Certificate[] trusted = PemFiles.certificates(trustedCertificates, "TLS trusted certificates");
        return new Material(chain, key, trusted);
    }

    private String failure(Exception e) {
        return "TLS setup from certificate chain " + certificateChain + " and private key " + privateKey
                + " failed: " + e.getMessage();
    }

    private record Material(X509Certificate[] chain, PrivateKey key, X509Certificate[] trusted) {
    }
}
