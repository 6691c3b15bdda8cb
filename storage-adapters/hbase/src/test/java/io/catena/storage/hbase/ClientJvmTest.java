package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClientJvmTest {

    @Test
    void theJdksTheHBaseClientRunsOnPass() {
        assertThatCode(() -> ClientJvm.require(17, null)).doesNotThrowAnyException();
        assertThatCode(() -> ClientJvm.require(21, null)).doesNotThrowAnyException();
        assertThatCode(() -> ClientJvm.require(23, "allow")).doesNotThrowAnyException();
        assertThatCode(ClientJvm::requireSupported).doesNotThrowAnyException();
    }

    @Test
    void aJdkWithoutSubjectGetSubjectIsRefusedInOneSentenceThatSaysWhatToDo() {
        assertThatThrownBy(() -> ClientJvm.require(25, null))
                .isInstanceOf(HBaseSchemaException.class)
                .hasMessage("The HBase client cannot run on Java 25 (Hadoop's login needs Subject.getSubject, which"
                        + " Java 24 removed): run on Java 17 or 21, for bin/catena by setting CATENA_JAVA_HOME to that JDK.");
        assertThatThrownBy(() -> ClientJvm.require(23, null)).isInstanceOf(HBaseSchemaException.class);
        assertThatThrownBy(() -> ClientJvm.require(24, "allow")).isInstanceOf(HBaseSchemaException.class);
    }
}
