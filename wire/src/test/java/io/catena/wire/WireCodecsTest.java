package io.catena.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WireCodecsTest {

    @Test
    void findsEachCodecByItsName() {
        assertThat(WireCodecs.byName("smile").name()).isEqualTo("smile");
        assertThat(WireCodecs.byName("json").name()).isEqualTo("json");
        assertThat(WireCodecs.byName(WireCodecs.DEFAULT).name()).isEqualTo("smile");
        assertThat(WireCodecs.names()).containsExactly("smile", "json");
    }

    @Test
    void anUnknownNameListsTheValidOnes() {
        assertThatThrownBy(() -> WireCodecs.byName("protobuf"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown wire codec 'protobuf'; valid names: smile, json");
        assertThatThrownBy(() -> WireCodecs.byName(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown wire codec 'null'; valid names: smile, json");
    }
}
