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
import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * TLS for Catena connections, from PEM files: the one type a region's file ({@code tls:}) and a
 * client's URL ({@code tls=true&tlsCa=...}) both read into. A node runs mutual TLS: it presents its
 * own certificate and accepts only peers whose certificate chains to one of the trusted CAs (all
 * three files, see {@link #mutual}). A client may leave out the trusted CAs (the JVM's default
 * trust store) and its own certificate (when the coordinators do not authenticate clients). A
 * dialling side also checks that the server's certificate names the host it dialled (see
 * {@link WirePipeline}). Contexts use the JDK's TLS implementation and allow TLS 1.3 and 1.2.
 *
 * <p>The files are read when a context is built, so a node started with bad files fails at once
 * with a {@link TlsSetupException} naming the file, not at its first handshake.
 *
 * @param certificateChain    this process's certificate, then any intermediates (PEM); null: it
 *                            presents none, which only a client may do
 * @param privateKey          the certificate's key, unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY});
 *                            present exactly when {@code certificateChain} is
 * @param trustedCertificates the CA certificates peers must chain to (PEM); null: the JVM's
 *                            default trust store, which only a client may use
 */
public record TlsSettings(Path certificateChain, Path privateKey, Path trustedCertificates) {

    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    /** Checks that a certificate comes with its key. */
    public TlsSettings {
        if ((certificateChain == null) != (privateKey == null)) {
            throw new IllegalArgumentException("a certificate chain and its private key come together");
        }
    }

    /**
     * A node's settings: all three files, since nodes authenticate each other.
     *
     * @throws IllegalArgumentException naming every file that is missing
     */
    public static TlsSettings mutual(Path certificateChain, Path privateKey, Path trustedCertificates) {
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
        return new TlsSettings(certificateChain, privateKey, trustedCertificates);
    }

    /** The trusted authorities, if a file names them. */
    public Optional<Path> trustedCertificatesFile() {
        return Optional.ofNullable(trustedCertificates);
    }

    /** Whether this process proves its identity with a certificate. */
    public boolean presentsCertificate() {
        return certificateChain != null;
    }

    /**
     * The context for accepting connections: it presents this process's certificate and requires
     * every peer to present one that chains to a trusted CA. Immutable; share it across channels.
     *
     * @throws TlsSetupException naming the file if one is missing, unreadable or not valid PEM,
     *                           or if the key does not belong to the certificate
     */
    public SslContext serverContext() throws TlsSetupException {
        if (!presentsCertificate() || trustedCertificates == null) {
            throw new TlsSetupException("accepting TLS connections needs a certificate chain, its private key and"
                    + " trusted CA certificates");
        }
        X509Certificate[] chain = chain();
        PrivateKey key = key(chain);
        try {
            return SslContextBuilder.forServer(key, chain)
                    .trustManager(trusted())
                    .clientAuth(ClientAuth.REQUIRE)
                    .sslProvider(SslProvider.JDK)
                    .protocols(PROTOCOLS)
                    .build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new TlsSetupException(failure(e), e);
        }
    }

    /**
     * The context for dialling out: it presents this process's certificate, if it has one, and
     * accepts servers whose certificate chains to a trusted CA (the configured ones, or the JVM's
     * default trust store). Immutable; share it across channels.
     *
     * @throws TlsSetupException naming the file if one is missing, unreadable or not valid PEM,
     *                           or if the key does not belong to the certificate
     */
    public SslContext clientContext() throws TlsSetupException {
        SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(SslProvider.JDK).protocols(PROTOCOLS);
        if (presentsCertificate()) {
            X509Certificate[] chain = chain();
            builder.keyManager(key(chain), chain);
        }
        if (trustedCertificates != null) {
            builder.trustManager(trusted());
        }
        try {
            return builder.build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new TlsSetupException(failure(e), e);
        }
    }

    private X509Certificate[] chain() throws TlsSetupException {
        return PemFiles.certificates(certificateChain, "TLS certificate chain");
    }

    private PrivateKey key(X509Certificate[] chain) throws TlsSetupException {
        PrivateKey key = PemFiles.privateKey(privateKey, "TLS private key");
        PemFiles.requireKeyOfCertificate(key, privateKey, chain[0], certificateChain);
        return key;
    }

    private X509Certificate[] trusted() throws TlsSetupException {
        return PemFiles.certificates(trustedCertificates, "TLS trusted certificates");
    }

    private String failure(Exception e) {
        String from = presentsCertificate()
                ? " from certificate chain " + certificateChain + " and private key " + privateKey : "";
        return "TLS setup" + from + " failed: " + e.getMessage();
    }
}
