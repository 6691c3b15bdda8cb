package site.ycsb.db.catena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class CatenaSettingsTest {

    private static final String URL = "catena://127.0.0.1:7101/local?region=us-central1";

    private static Properties properties(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    @Test
    void theUrlsRegionAndTimeoutUnlessTheTimeoutPropertySaysOtherwise() throws DBException {
        CatenaSettings plain = CatenaSettings.from(properties("catena.url", URL));
        assertThat(plain.url().region()).isEqualTo("us-central1");
        assertThat(plain.url().timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(plain.retries()).isZero();
        assertThat(plain.where()).isEqualTo("region 'us-central1' at 127.0.0.1:7101");

        CatenaSettings set = CatenaSettings.from(properties("catena.url", URL, "catena.region", "us-central1",
                "catena.timeout", "750ms", "catena.retries", "3"));
        assertThat(set.url().timeout()).isEqualTo(Duration.ofMillis(750));
        assertThat(set.retries()).isEqualTo(3);
    }

    @Test
    void aMalformedUrlIsRefusedWithTheParsersReason() {
        assertThatThrownBy(() -> CatenaSettings.from(properties("catena.url", "catena://db1/?region=eu")))
                .isInstanceOf(DBException.class)
                .hasMessageStartingWith("The catena.url 'catena://db1/?region=eu' is not a Catena URL: ")
                .hasMessageContaining("db1");
    }

    @Test
    void numbersOutOfRangeAreRefused() {
        assertThatThrownBy(() -> CatenaSettings.from(properties("catena.url", URL, "catena.retries", "-1")))
                .hasMessage("The catena.retries '-1' is not a whole number from 0 to 100.");
        assertThatThrownBy(() -> CatenaSettings.from(properties("catena.url", URL, "catena.timeout", "0s")))
                .hasMessage("The catena.timeout '0s' is not a duration from 1ms to 20s; write it as 500ms or 5s.");
        assertThatThrownBy(() -> CatenaSettings.from(properties("catena.url", URL, "catena.timeout", "5")))
                .hasMessageStartingWith("The catena.timeout '5' is not a duration");
    }

    @Test
    void aReservedTableIsRefusedAndYcsbsDefaultTableIsFine() throws DBException {
        CatenaTables.check(properties());
        CatenaTables.check(properties("table", "accounts"));
        assertThatThrownBy(() -> CatenaTables.check(properties("table", "__log")))
                .hasMessageStartingWith("The table '__log' cannot hold YCSB records");
    }
}
