package io.catena.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StoreNameTest {

    @Test
    void aRegionsStoreIsNamedAfterItsClusterAndRegionInLowerCaseWithUnderscores() {
        assertThat(StoreName.ofRegion("demo", "us-central1")).isEqualTo("catena_demo_us_central1");
        assertThat(StoreName.ofRegion("Prod", "eu-west.1")).isEqualTo("catena_prod_eu_west_1");
        assertThat(StoreName.ofRegion("a_b", "c")).isEqualTo("catena_a_b_c");
    }

    @Test
    void aLongNameIsCutToTheLongestAStoreTakes() {
        String name = StoreName.ofRegion("x".repeat(40), "region");
        assertThat(name).hasSize(StoreName.MAX_LENGTH).startsWith("catena_xxx");
    }
}
