package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.message.MessageKind;
import io.catena.core.message.MessageType;
import io.catena.core.message.PluginMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageKindsTest {

    private enum Extra implements MessageKind {
        CLAIM(40), TWIN(40), NOTE(41), IMPOSTOR(1);

        private final int wireId;

        Extra(int wireId) {
            this.wireId = wireId;
        }

        @Override
        public int wireId() {
            return wireId;
        }
    }

    /** Encodes nothing: the table only reads its kinds. */
    private record KindsOnly(List<Extra> kinds) implements PluginSchema {

        @Override
        public void write(WireWriter w, PluginMessage m) {
            throw new UnsupportedOperationException();
        }

        @Override
        public PluginMessage read(WireReader r, MessageKind kind) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void findsCoreKindsAndAPluginsKindsByWireId() {
        KindsOnly schema = new KindsOnly(List.of(Extra.NOTE));
        MessageKinds kinds = MessageKinds.of(List.of(schema));

        assertThat(kinds.kind(MessageType.TXN_REPLY.wireId())).isSameAs(MessageType.TXN_REPLY);
        assertThat(kinds.schema(MessageType.TXN_REPLY)).isNull();
        assertThat(kinds.kind(41)).isSameAs(Extra.NOTE);
        assertThat(kinds.schema(Extra.NOTE)).isSameAs(schema);
        assertThat(kinds.kind(40)).isNull();
        assertThat(kinds.kind(-1)).isNull();
    }

    @Test
    void refusesTwoKindsWithOneWireIdNamingBoth() {
        assertThatThrownBy(() -> MessageKinds.of(List.of(new KindsOnly(List.of(Extra.CLAIM)),
                new KindsOnly(List.of(Extra.TWIN)))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("message kinds CLAIM and TWIN both claim wire id 40, so the codec could not tell them apart");
    }

    @Test
    void refusesAPluginKindWithACoreKindsWireId() {
        assertThatThrownBy(() -> MessageKinds.of(List.of(new KindsOnly(List.of(Extra.IMPOSTOR)))))
                .hasMessage("message kinds SUBMIT_TXN and IMPOSTOR both claim wire id 1, so the codec could not tell them apart");
    }
}
