package io.catena.lab.report.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SvgChartTest {

    private static final Pattern POLYLINE = Pattern.compile("<polyline data-series=\"([^\"]*)\" points=\"([^\"]*)\"");

    private static SvgChart chart(LineSeries... series) {
        SvgChart.Builder b = SvgChart.builder("t <&>", new LinearScale(0, 10, 2), new LinearScale(0, 1, 0.5))
                .axisTitles("x (s)", "y");
        for (LineSeries s : series) {
            b.series(s);
        }
        return b.build();
    }

    @Test
    void eachSeriesIsOnePolylineInsideThePlotAndNamedInTheLegend() {
        String svg = chart(new LineSeries("a", Palette.colour(0), List.of(new ChartPoint(0, 0), new ChartPoint(10, 1))),
                new LineSeries("b", Palette.colour(1), List.of(new ChartPoint(5, 0.5), new ChartPoint(20, 2)))).render();
        Matcher m = POLYLINE.matcher(svg);
        List<String> names = new ArrayList<>();
        List<String> points = new ArrayList<>();
        while (m.find()) {
            names.add(m.group(1));
            points.add(m.group(2));
        }
        assertThat(names).containsExactly("a", "b");
        // 760x360 by default: the plot spans x 64..590, y 34..312; points beyond the scale are clamped to its edge.
        assertThat(points).containsExactly("64.0,312.0 590.0,34.0", "327.0,173.0 590.0,34.0");
        assertThat(svg).contains(">a</text>", ">b</text>", "t &lt;&amp;&gt;").doesNotContain("<&>");
    }

    @Test
    void pointsTooCloseToShowAreDroppedButTheEndsKept() {
        List<ChartPoint> dense = new ArrayList<>();
        for (int i = 0; i <= 10_000; i++) {
            dense.add(new ChartPoint(i / 1000.0, i / 10_000.0));
        }
        Matcher m = POLYLINE.matcher(chart(new LineSeries("d", Palette.colour(0), dense)).render());
        assertThat(m.find()).isTrue();
        String[] kept = m.group(2).split(" ");
        // 526 px of plot wide, a point every half pixel at most: about 1,050 of the 10,001.
        assertThat(kept.length).isBetween(500, 1_100);
        assertThat(kept[0]).isEqualTo("64.0,312.0");
        assertThat(kept[kept.length - 1]).isEqualTo("590.0,34.0");
    }

    @Test
    void rulesAndMarkersCarryTheirLabels() {
        String svg = SvgChart.builder("c", new LogScale(1, 100), new LinearScale(0, 1, 0.5))
                .rule(Rule.horizontal(0.99, "p99"))
                .rule(Rule.vertical(2.5, "Helios lower bound: 2.5 ms", "#0072B2"))
                .marker(new Marker(new ChartPoint(10, 0.5), "#0072B2", "us p50: 10.0 ms"))
                .build().render();
        assertThat(svg).contains(">p99</text>", "<title>Helios lower bound: 2.5 ms</title>",
                "<title>us p50: 10.0 ms</title>", "stroke-dasharray=\"6 4\"");
    }

    @Test
    void aSeriesWithGapsIsOnePolylinePerPieceAndALonePointADot() {
        List<ChartPoint> points = List.of(new ChartPoint(0, 0), new ChartPoint(2, 0.5), new ChartPoint(6, 1),
                new ChartPoint(10, 0));
        Matcher m = POLYLINE.matcher(chart(new LineSeries("g", Palette.colour(0), points, List.of(2, 3))).render());
        List<String> pieces = new ArrayList<>();
        while (m.find()) {
            pieces.add(m.group(2));
        }
        assertThat(pieces).containsExactly("64.0,312.0 169.2,173.0", "379.6,34.0 379.6,34.0", "590.0,312.0 590.0,312.0");
        assertThatThrownBy(() -> new LineSeries("g", Palette.colour(0), points, List.of(3, 2)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LineSeries("g", Palette.colour(0), points, List.of(0)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBandIsShadedOverItsStretchAndNamedInTheLegendAndAnEventLabelledAlongItsLine() {
        String svg = SvgChart.builder("c", new LinearScale(0, 10, 2), new LinearScale(0, 1, 0.5))
                .band(new Band(2, 4, "fault phase", "#E69F00"))
                .rule(Rule.event(3, "fault: cut", "#333333"))
                .build().render();
        // The plot spans x 64..590: 52.6 px a unit.
        assertThat(svg).contains("<rect x=\"169.2\" y=\"34.0\" width=\"105.2\" height=\"278.0\" fill=\"#E69F00\" "
                        + "fill-opacity=\"0.15\"><title>fault phase</title>", ">fault phase</text>",
                "<title>fault: cut</title>", ">fault: cut</text>", "rotate(-90 217.8 40.0)");
        assertThatThrownBy(() -> new Band(4, 4, "empty", "#E69F00")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void stackedChartsAreOneDocumentWithEachChartBelowTheOneBefore() {
        SvgChart top = chart(new LineSeries("a", Palette.colour(0), List.of(new ChartPoint(0, 0))));
        SvgChart bottom = SvgChart.builder("below", new LinearScale(0, 10, 2), new LinearScale(0, 1, 0.5))
                .size(760, 300).build();
        String svg = new StackedCharts("both", List.of(top, bottom)).renderDocument();
        assertThat(svg).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"660\"")
                .contains("<title>both</title>", "<g transform=\"translate(0 0)\">", "<g transform=\"translate(0 360)\">",
                        "aria-label=\"below\"");
    }

    @Test
    void coloursMustBeHexSoTheyCannotBreakOutOfAnAttribute() {
        assertThatThrownBy(() -> new LineSeries("a", "red\" onload=\"x", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Palette.colour(7)).isEqualTo(Palette.colour(0));
        assertThatThrownBy(() -> SvgChart.builder("c", new LinearScale(0, 1, 1), new LinearScale(0, 1, 1)).size(100, 100))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
