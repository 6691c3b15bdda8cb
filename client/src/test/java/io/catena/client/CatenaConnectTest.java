package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.fake.FakeTransportProvider;
import org.junit.jupiter.api.Test;

/** {@code Catena.connect(url)} finds its transport on the class path and owns it. */
class CatenaConnectTest {

    @Test
    void connectByUrlUsesTheProvidedTransportAndClosesItWithTheConnection() {
        Connection c = Catena.connect("catena://db1:7450/?region=eu");
        assertThat(c.isOpen()).isTrue();
        assertThat(c.url().region()).isEqualTo("eu");
        assertThat(FakeTransportProvider.last.isClosed()).isFalse();
        c.close();
        assertThat(c.isOpen()).isFalse();
        assertThat(FakeTransportProvider.last.isClosed()).isTrue();
    }

    @Test
    void aFailedConnectClosesTheTransportItMade() {
        assertThatThrownBy(() -> Catena.connect("catena://down1:7450/?region=eu"))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("down1:7450 could not be reached");
        assertThat(FakeTransportProvider.last.isClosed()).isTrue();
    }
}
