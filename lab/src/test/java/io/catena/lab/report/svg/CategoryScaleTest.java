package io.catena.lab.report.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CategoryScaleTest {

    private final CategoryScale regions = new CategoryScale(List.of("virginia", "oregon", "california", "ireland"));

    @Test
    void eachCategoryHasATickAtItsIndexReadingItsName() {
        assertThat(regions.ticks()).extracting(Tick::value).containsExactly(0.0, 1.0, 2.0, 3.0);
        assertThat(regions.ticks()).extracting(Tick::label).containsExactly("virginia", "oregon", "california", "ireland");
    }

    @Test
    void theCategoriesSitInTheMiddleOfEqualSlotsAcrossTheAxis() {
        assertThat(regions.fraction(0)).isCloseTo(0.125, within(1e-12));
        assertThat(regions.fraction(3)).isCloseTo(0.875, within(1e-12));
        assertThat(regions.fraction(7)).as("clamped onto the axis").isEqualTo(1.0);
        assertThat(new CategoryScale(List.of("only")).fraction(0)).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void anAxisWithoutCategoriesIsRefused() {
        assertThatThrownBy(() -> new CategoryScale(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
