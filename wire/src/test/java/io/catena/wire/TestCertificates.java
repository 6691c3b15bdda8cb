package io.catena.wire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throw-away certificate authority for tests: it writes its CA certificate and the leaf
 * certificates it issues (EC P-256, valid for a day, usable as TLS server and client) as PEM files
 * into a directory, and hands out {@link TlsSettings} pointing at them. Leaves name
 * {@code localhost} and {@code 127.0.0.1} unless told otherwise.
 *
 * <p>Published in this module's test-jar for other modules' TLS tests. Not thread-safe.
 */
public final class TestCertificates {

    private static final AtomicLong SERIALS = new AtomicLong(1);
    private static final Duration VALIDITY = Duration.ofDays(1);

    private final Path dir;
    private final String name;
    private final KeyPair caKeys;
    private final Path caFile;

    private TestCertificates(Path dir, String name, KeyPair caKeys, Path caFile) {
        this.dir = dir;
        this.name = name;
        this.caKeys = caKeys;
        this.caFile = caFile;
    }

    /** A new authority called {@code name}, writing its files into {@code dir} (which must exist). */
    public static TestCertificates newAuthority(Path dir, String name) {
        KeyPair keys = newKeyPair();
        X500Name subject = new X500Name("CN=" + name);
        X509Certificate ca = sign(keys, subject, keys, subject, true, List.of());
        Path caFile = dir.resolve(name + "-ca.pem");
        writePem(caFile, "CERTIFICATE", encoded(ca));
        return new TestCertificates(dir, name, keys, caFile);
    }

    /** The authority's certificate (PEM), to be trusted by peers. */
    public Path caCertificate() {
        return caFile;
    }

    /** Issues a leaf for {@code localhost} and {@code 127.0.0.1}; the settings trust this authority. */
    public TlsSettings issue(String leafName) {
        return issue(leafName, List.of("localhost"), List.of("127.0.0.1"));
    }

    /** Issues a leaf with these subject alternative names; the settings trust this authority. */
    public TlsSettings issue(String leafName, List<String> dnsNames, List<String> ipAddresses) {
        KeyPair keys = newKeyPair();
        List<GeneralName> names = new ArrayList<>();
        dnsNames.forEach(n -> names.add(new GeneralName(GeneralName.dNSName, n)));
        ipAddresses.forEach(ip -> names.add(new GeneralName(GeneralName.iPAddress, ip)));
        X509Certificate leaf = sign(keys, new X500Name("CN=" + leafName), caKeys, new X500Name("CN=" + name), false, names);
        Path chain = dir.resolve(name + "-" + leafName + ".pem");
        Path key = dir.resolve(name + "-" + leafName + ".key");
        writePem(chain, "CERTIFICATE", encoded(leaf));
        writePem(key, "PRIVATE KEY", keys.getPrivate().getEncoded());
        return new TlsSettings(chain, key, caFile);
    }

    private static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK cannot make EC keys", e);
        }
    }

    private static X509Certificate sign(KeyPair subjectKeys, X500Name subject, KeyPair issuerKeys, X500Name issuer,
                                        boolean authority, List<GeneralName> alternativeNames) {
        Instant now = Instant.now();
        try {
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer,
                    BigInteger.valueOf(SERIALS.getAndIncrement()), Date.from(now.minus(Duration.ofHours(1))),
                    Date.from(now.plus(VALIDITY)), subject, subjectKeys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(authority))
                    .addExtension(Extension.subjectKeyIdentifier, false,
                            extensions.createSubjectKeyIdentifier(subjectKeys.getPublic()))
                    .addExtension(Extension.authorityKeyIdentifier, false,
                            extensions.createAuthorityKeyIdentifier(issuerKeys.getPublic()));
            if (authority) {
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            } else {
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                        .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(
                                new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}))
                        .addExtension(Extension.subjectAlternativeName, false,
                                new GeneralNames(alternativeNames.toArray(new GeneralName[0])));
            }
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate())));
        } catch (CertIOException | OperatorCreationException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a test certificate for " + subject, e);
        }
    }

    private static byte[] encoded(X509Certificate certificate) {
        try {
            return certificate.getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void writePem(Path file, String type, byte[] der) {
        String pem = "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
        try {
            Files.writeString(file, pem, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
