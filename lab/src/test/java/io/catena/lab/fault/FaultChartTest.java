package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The chart of an eight-second timeline: a cut from second 3 to second 5, a second without
 * commits (4) in it, and a second without commits before the load got going (0).
 */
class FaultChartTest {

    private static final String CUT = "fault: cut europe-west1's links";
    private static final String HEALED = "healed: links of europe-west1 restored";

    @Test
    void drawsEachRegionsThroughputAboveTheLatencyBelowOverTheSameSeconds() throws Exception {
        List<Element> charts = charts(FaultChart.render("cut-region", timeline()));

        assertThat(charts).hasSize(2);
        assertThat(seriesNames(charts.get(0))).containsExactly("us-central1", "europe-west1", "asia-east1");
        assertThat(titleOf(charts.get(0))).isEqualTo("cut-region: throughput");
        assertThat(seriesNames(charts.get(1))).as("p50 and p99, each broken at the second without commits")
                .containsExactly("p50", "p50", "p99", "p99");
        Element p50First = elements(charts.get(1), "polyline").get(0);
        assertThat(p50First.getAttribute("points").split(" ")).as("seconds 1 to 3").hasSize(3);
        assertThat(tickX(charts.get(0), "4")).isEqualTo(tickX(charts.get(1), "4"));
    }

    @Test
    void shadesTheFaultPhaseFromTheSecondOfTheFirstStepToTheEndOfTheHealsSecond() throws Exception {
        for (Element chart : charts(FaultChart.render("cut-region", timeline()))) {
            List<Element> bands = elements(chart, "rect").stream().filter(r -> "fault phase".equals(tooltip(r)))
                    .toList();
            assertThat(bands).hasSize(1);
            double left = Double.parseDouble(bands.get(0).getAttribute("x"));
            double width = Double.parseDouble(bands.get(0).getAttribute("width"));
            assertThat(left).isEqualTo(tickX(chart, "3"));
            assertThat(left + width).isCloseTo(tickX(chart, "6"), offset(0.11));
            assertThat(texts(chart)).contains("fault phase");
        }
    }

    @Test
    void marksEachStepWithALineLabelledAboveAndALineWithATooltipBelow() throws Exception {
        List<Element> charts = charts(FaultChart.render("cut-region", timeline()));

        assertThat(texts(charts.get(0))).contains(CUT, HEALED);
        for (Element chart : charts) {
            assertThat(elements(chart, "line").stream().map(FaultChartTest::tooltip).filter(t -> t != null)
                    .toList()).containsExactly(CUT, HEALED);
        }
        assertThat(texts(charts.get(1))).doesNotContain(CUT);
    }

    @Test
    void aTimelineWithoutAStepHasNoBandAndWithoutASecondIsRefused() throws Exception {
        List<FaultTimeline.Second> calm = timeline().stream().filter(s -> s.phase() == FaultTimeline.Phase.BEFORE)
                .toList();
        for (Element chart : charts(FaultChart.render("calm", calm))) {
            assertThat(elements(chart, "rect").stream().map(FaultChartTest::tooltip)).doesNotContain("fault phase");
        }
        assertThatThrownBy(() -> FaultChart.render("empty", List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void goesBesideItsCsvFile() {
        assertThat(FaultChart.beside(Path.of("runs", "catena-fault-cut-region.csv")))
                .isEqualTo(Path.of("runs", "catena-fault-cut-region.svg"));
        assertThat(FaultChart.beside(Path.of("timeline"))).isEqualTo(Path.of("timeline.svg"));
    }

    static List<FaultTimeline.Second> timeline() {
        return List.of(
                second(0, 0, 0, 0, Double.NaN, Double.NaN, FaultTimeline.Phase.BEFORE, ""),
                second(1, 5, 3, 2, 150, 400, FaultTimeline.Phase.BEFORE, ""),
                second(2, 6, 3, 3, 140, 300, FaultTimeline.Phase.BEFORE, ""),
                second(3, 4, 0, 0, 900, 2_500, FaultTimeline.Phase.FAULT, CUT),
                second(4, 0, 0, 0, Double.NaN, Double.NaN, FaultTimeline.Phase.FAULT, ""),
                second(5, 1, 1, 1, 5_000, 9_000, FaultTimeline.Phase.FAULT, HEALED),
                second(6, 5, 5, 5, 150, 350, FaultTimeline.Phase.AFTER, ""),
                second(7, 5, 4, 5, 145, 320, FaultTimeline.Phase.AFTER, ""));
    }

    private static FaultTimeline.Second second(int at, long us, long eu, long asia, double p50, double p99,
                                               FaultTimeline.Phase phase, String marks) {
        return new FaultTimeline.Second(at, us + eu + asia, List.of(us, eu, asia), 0, 0, p50, p99, phase, marks);
    }

    /** The charts of a stacked SVG document, top to bottom, after checking it parses as XML. */
    static List<Element> charts(String svg) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        Element root = doc.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("svg");
        assertThat(root.getAttribute("xmlns")).isEqualTo("http://www.w3.org/2000/svg");
        return elements(root, "svg");
    }

    private static List<Element> elements(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }

    private static List<String> seriesNames(Element chart) {
        return elements(chart, "polyline").stream().map(p -> p.getAttribute("data-series")).toList();
    }

    private static List<String> texts(Element chart) {
        return elements(chart, "text").stream().map(Node::getTextContent).toList();
    }

    /** The chart's own title, the first text drawn. */
    private static String titleOf(Element chart) {
        return texts(chart).get(0);
    }

    /** An element's tooltip, its {@code <title>} child; null without one. */
    private static String tooltip(Element e) {
        List<Element> titles = elements(e, "title");
        return titles.isEmpty() ? null : titles.get(0).getTextContent();
    }

    /** Where the time axis' tick labelled {@code label} is, in pixels. */
    private static double tickX(Element chart, String label) {
        Element axes = elements(chart, "g").stream().filter(g -> g.getAttribute("class").equals("axes")).findFirst()
                .orElseThrow();
        // The time axis' labels come first, the vertical axis' after: the first text reading label is on the time axis.
        return Double.parseDouble(elements(axes, "text").stream().filter(t -> t.getTextContent().equals(label))
                .findFirst().orElseThrow().getAttribute("x"));
    }
}
