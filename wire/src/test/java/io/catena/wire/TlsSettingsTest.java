package io.catena.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Building TLS contexts from files, and the errors an operator sees when a file is wrong. */
class TlsSettingsTest {

    @TempDir
    Path dir;
    private TestCertificates ca;
    private TlsSettings good;

    @BeforeEach
    void issue() {
        ca = TestCertificates.newAuthority(dir, "catena");
        good = ca.issue("node-a");
    }

    @Test
    void buildsServerAndClientContexts() throws TlsSetupException {
        assertThat(good.serverContext().isServer()).isTrue();
        assertThat(good.clientContext().isClient()).isTrue();
    }

    @Test
    void aNodeNeedsEveryFile() {
        assertThatThrownBy(() -> TlsSettings.mutual(null, good.privateKey(), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TLS needs a certificate chain, a private key and trusted CA certificates;"
                        + " missing: certificate chain, trusted certificates");
    }

    @Test
    void aClientMayGoWithoutItsOwnCertificateAndWithTheDefaultTrustStore() throws TlsSetupException {
        TlsSettings bare = new TlsSettings(null, null, null);

        assertThat(bare.clientContext().isClient()).isTrue();
        assertThatThrownBy(bare::serverContext).isInstanceOf(TlsSetupException.class)
                .hasMessage("accepting TLS connections needs a certificate chain, its private key and trusted CA"
                        + " certificates");
        assertThatThrownBy(() -> new TlsSettings(good.certificateChain(), null, null))
                .hasMessage("a certificate chain and its private key come together");
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nowhere.pem");
        TlsSettings settings = new TlsSettings(good.certificateChain(), good.privateKey(), missing);

        assertThatThrownBy(settings::serverContext)
                .isInstanceOf(TlsSetupException.class)
                .hasMessage("TLS trusted certificates file " + missing + " does not exist");
    }

    @Test
    void aDirectoryInsteadOfAFileIsNamed() {
        TlsSettings settings = new TlsSettings(dir, good.privateKey(), good.trustedCertificates());

        assertThatThrownBy(settings::clientContext)
                .isInstanceOf(TlsSetupException.class)
                .hasMessageStartingWith("TLS certificate chain file " + dir + " cannot be read");
    }

    @Test
    void aFileWithoutCertificatesIsNamed() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.pem"), "nothing here\n");
        TlsSettings settings = new TlsSettings(empty, good.privateKey(), good.trustedCertificates());

        assertThatThrownBy(settings::serverContext)
                .isInstanceOf(TlsSetupException.class)
                .hasMessageStartingWith("TLS certificate chain file " + empty + " holds no");
    }

    @Test
    void aKeyInAnotherPemFormatIsNamedWithTheFixToApply() throws IOException {
        Path sec1 = Files.writeString(dir.resolve("sec1.key"),
                "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n");
        TlsSettings settings = new TlsSettings(good.certificateChain(), sec1, good.trustedCertificates());

        assertThatThrownBy(settings::serverContext)
                .isInstanceOf(TlsSetupException.class)
                .hasMessage("TLS private key file " + sec1 + " holds no unencrypted PKCS#8 key"
                        + " (-----BEGIN PRIVATE KEY-----); convert it with 'openssl pkcs8 -topk8 -nocrypt'");
    }

    @Test
    void aKeyOfAnotherCertificateIsRefused() {
        TlsSettings other = ca.issue("node-b");
        TlsSettings mixed = new TlsSettings(good.certificateChain(), other.privateKey(), good.trustedCertificates());

        assertThatThrownBy(mixed::serverContext)
                .isInstanceOf(TlsSetupException.class)
                .hasMessage("TLS private key file " + other.privateKey() + " does not belong to the first certificate in "
                        + good.certificateChain());
    }
}
