package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNameTest {

    private static final List<String> KEYS = List.of("chainServers", "epochLength", "delayTolerance",
            "faultTolerance", "orderingGrace");

    @Test
    void suggestsTheKeyOfATypo() {
        assertThat(NearestName.among(KEYS, "epochLenght")).contains("epochLength");
        assertThat(NearestName.among(KEYS, "delaytolerance")).contains("delayTolerance");
        assertThat(NearestName.among(KEYS, "epoch_length")).contains("epochLength");
    }

    @Test
    void suggestsAKeyContainedInTheTypedOne() {
        assertThat(NearestName.among(KEYS, "chainServersPerRegion")).contains("chainServers");
        assertThat(NearestName.among(KEYS, "epochLengthMicros")).contains("epochLength");
    }

    @Test
    void suggestsNothingForUnrelatedNames() {
        assertThat(NearestName.among(KEYS, "colour")).isEmpty();
        assertThat(NearestName.among(KEYS, "x")).isEmpty();
        assertThat(NearestName.among(List.of("tls", "wan"), "foo")).isEmpty();
    }

    @Test
    void presetNamesIgnoreDashes() {
        assertThat(NearestName.among(List.of("gcp3", "ec2-5", "none"), "gcp-3")).contains("gcp3");
        assertThat(NearestName.among(List.of("gcp3", "ec2-5", "none"), "ec25")).contains("ec2-5");
    }

    @Test
    void countsEdits() {
        assertThat(NearestName.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(NearestName.distance("", "abc")).isEqualTo(3);
        assertThat(NearestName.distance("same", "same")).isZero();
    }
}
