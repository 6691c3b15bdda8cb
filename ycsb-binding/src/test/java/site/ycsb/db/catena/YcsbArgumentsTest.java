package site.ycsb.db.catena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YcsbArgumentsTest {

    @Test
    void ycsbsArgumentsPassUnchangedAndTheirPropertiesAreReadAsYcsbReadsThem(@TempDir Path dir) throws Exception {
        Path workload = dir.resolve("w");
        Files.writeString(workload, "recordcount=10\ncatena.retries=2\n");
        YcsbArguments a = YcsbArguments.parse(new String[] {"run", "-P", workload.toString(), "-p", "catena.retries=4",
                "-threads", "8", "-s"});
        assertThat(a.load()).isFalse();
        assertThat(a.ycsb()).containsExactly("-t", "-P", workload.toString(), "-p", "catena.retries=4", "-threads", "8",
                "-s", "-db", CatenaClient.class.getName());
        assertThat(a.properties()).containsEntry("recordcount", "10").containsEntry("catena.retries", "4");

        YcsbArguments load = a.phase(true, "catena://h:1/c?region=r");
        assertThat(load.ycsb()).startsWith("-load").endsWith("-p", "catena.url=catena://h:1/c?region=r");
        assertThat(load.properties()).containsEntry("catena.url", "catena://h:1/c?region=r");
    }

    @Test
    void anotherBindingIsLeftAsGiven() {
        YcsbArguments a = YcsbArguments.parse(new String[] {"load", "-db", "site.ycsb.BasicDB"});
        assertThat(a.ycsb()).containsExactly("-load", "-db", "site.ycsb.BasicDB");
    }

    @Test
    void badCommandLinesAreRefusedInOneSentence() {
        assertThatThrownBy(() -> YcsbArguments.parse(new String[] {"-P", "w"}))
                .hasMessage("Say which phase to run, load or run, first; " + YcsbArguments.USAGE);
        assertThatThrownBy(() -> YcsbArguments.parse(new String[] {"load", "-p"}))
                .hasMessage("-p needs a value; " + YcsbArguments.USAGE);
        assertThatThrownBy(() -> YcsbArguments.parse(new String[] {"load", "-p", "recordcount"}))
                .hasMessage("-p takes key=value, not 'recordcount'.");
        assertThatThrownBy(() -> YcsbArguments.parse(new String[] {"load", "-P", "/nonexistent/w"}))
                .hasMessageStartingWith("The workload file /nonexistent/w cannot be read");
    }
}
