package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.txn.Access;
import org.junit.jupiter.api.Test;

class EnumCodesTest {

    @Test
    void codesArePositionsInTheListNotOrdinals() throws SchemaViolation {
        EnumCodes<Access> codes = new EnumCodes<>(Access.class, Access.READ_WRITE, Access.READ, Access.WRITE);

        assertThat(codes.code(Access.READ_WRITE)).isZero();
        assertThat(codes.code(Access.WRITE)).isEqualTo(2);
        assertThat(codes.constant(1)).isEqualTo(Access.READ);
    }

    @Test
    void aTableMissingAConstantCannotBeBuilt() {
        assertThatThrownBy(() -> new EnumCodes<>(Access.class, Access.READ, Access.WRITE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("without a wire code: [READ_WRITE]");
    }

    @Test
    void aTableRepeatingAConstantCannotBeBuilt() {
        assertThatThrownBy(() -> new EnumCodes<>(Access.class, Access.READ, Access.WRITE, Access.READ, Access.READ_WRITE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("READ has two wire codes");
    }

    @Test
    void anUnknownCodeIsASchemaViolation() {
        EnumCodes<Access> codes = new EnumCodes<>(Access.class, Access.READ, Access.WRITE, Access.READ_WRITE);

        assertThatThrownBy(() -> codes.constant(3)).isInstanceOf(SchemaViolation.class).hasMessage("Access code 3 is unknown");
        assertThatThrownBy(() -> codes.constant(-1)).isInstanceOf(SchemaViolation.class).hasMessage("Access code -1 is unknown");
    }
}
