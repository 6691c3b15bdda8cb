package io.catena.server.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.server.config.StoreLogin;
import io.catena.storage.cassandra.CassandraCredentials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store's password comes from its file at open, as written, without the line break an editor adds. */
class StoreOpenerTest {

    @TempDir
    Path directory;

    @Test
    void aPasswordIsReadWithoutItsTrailingLineBreak() throws IOException {
        assertThat(passwordFrom("s3cret\n")).isEqualTo("s3cret");
        assertThat(passwordFrom("s3cret\r\n")).isEqualTo("s3cret");
        assertThat(passwordFrom("s3cret")).isEqualTo("s3cret");
        assertThat(passwordFrom(" two words \n\n")).isEqualTo(" two words \n");
    }

    @Test
    void anEmptyPasswordFileIsRefusedNamingTheFileAndTheUser() throws IOException {
        Path file = Files.writeString(directory.resolve("empty"), "\n");
        assertThatThrownBy(() -> StoreOpener.credentials(new StoreLogin("catena", file)))
                .isInstanceOf(StoreOpenException.class)
                .hasMessage("the password file " + file + " of Cassandra user 'catena' is empty; put the user's"
                        + " password in it");
    }

    @Test
    void anUnreadablePasswordFileIsRefusedNamingTheFileAndTheUser() {
        Path file = directory.resolve("gone");
        assertThatThrownBy(() -> StoreOpener.credentials(new StoreLogin("catena", file)))
                .isInstanceOf(StoreOpenException.class)
                .hasMessageStartingWith("cannot read the password of Cassandra user 'catena' from " + file + ": ");
    }

    @Test
    void credentialsNeverShowThePassword() throws IOException {
        CassandraCredentials c = StoreOpener.credentials(new StoreLogin("catena",
                Files.writeString(directory.resolve("p"), "s3cret")));
        assertThat(c.toString()).contains("catena").doesNotContain("s3cret");
    }

    private String passwordFrom(String content) throws IOException {
        Path file = Files.writeString(directory.resolve("password"), content);
        return StoreOpener.credentials(new StoreLogin("catena", file)).password();
    }
}
