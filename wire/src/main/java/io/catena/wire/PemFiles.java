package io.catena.wire;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the PEM files of a {@link TlsSettings} with the JDK alone, so that every failure can name
 * the file and the setting it came from ({@code role}, e.g. "TLS private key").
 */
final class PemFiles {

    private static final Pattern PRIVATE_KEY = Pattern.compile(
            "-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");

    /** Key algorithms a PKCS#8 key may use; the JDK cannot tell them apart from the bytes alone. */
    private static final String[] KEY_ALGORITHMS = {"RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS"};

    private PemFiles() {
    }

    static X509Certificate[] certificates(Path file, String role) throws TlsSetupException {
        byte[] pem = read(file, role);
        Collection<? extends java.security.cert.Certificate> certs;
        try {
            certs = CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem));
        } catch (CertificateException e) {
            throw new TlsSetupException(role + " file " + file + " holds no readable PEM certificate: " + e.getMessage(), e);
        }
        if (certs.isEmpty()) {
            throw new TlsSetupException(role + " file " + file + " holds no PEM certificate");
        }
        return certs.stream().map(X509Certificate.class::cast).toArray(X509Certificate[]::new);
    }

    static PrivateKey privateKey(Path file, String role) throws TlsSetupException {
        String pem = new String(read(file, role), StandardCharsets.US_ASCII);
        Matcher m = PRIVATE_KEY.matcher(pem);
        if (!m.find()) {
            throw new TlsSetupException(role + " file " + file + " holds no unencrypted PKCS#8 key"
                    + " (-----BEGIN PRIVATE KEY-----); convert it with 'openssl pkcs8 -topk8 -nocrypt'");
        }
        PKCS8EncodedKeySpec spec;
        try {
            spec = new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(m.group(1)));
        } catch (IllegalArgumentException e) {
            throw new TlsSetupException(role + " file " + file + " has a private key that is not valid base64", e);
        }
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException e) {
                // Not this algorithm; try the next one.
            }
        }
        throw new TlsSetupException(role + " file " + file + " has a private key of an unsupported kind");
    }

    /**
     * Fails unless {@code key} signs what {@code certificate}'s public key verifies: mismatched
     * files are a common mistake, and the handshake would report it only vaguely and only later.
     */
    static void requireKeyOfCertificate(PrivateKey key, Path keyFile, X509Certificate certificate, Path chainFile)
            throws TlsSetupException {
        String algorithm = switch (key.getAlgorithm()) {
            case "EC" -> "SHA256withECDSA";
            case "RSA" -> "SHA256withRSA";
            case "Ed25519", "Ed448" -> key.getAlgorithm();
            default -> null;
        };
        if (algorithm == null) {
            return;
        }
        byte[] challenge = "catena tls key check".getBytes(StandardCharsets.US_ASCII);
        boolean fits;
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(challenge);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(challenge);
            fits = verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            fits = false;
        }
        if (!fits) {
            throw new TlsSetupException("TLS private key file " + keyFile
                    + " does not belong to the first certificate in " + chainFile);
        }
    }

    private static byte[] read(Path file, String role) throws TlsSetupException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new TlsSetupException(role + " file " + file + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new TlsSetupException(role + " file " + file + " is not readable (permission denied)", e);
        } catch (IOException e) {
            throw new TlsSetupException(role + " file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }
}
