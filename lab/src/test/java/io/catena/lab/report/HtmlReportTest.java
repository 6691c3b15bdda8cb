package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.record.TxnClass;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class HtmlReportTest {

    private static final long SEED = 20_240_601L;

    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setExpandEntityReferences(false);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(html)));
    }

    private static List<Element> elements(Element root, String tag) {
        NodeList nodes = root.getElementsByTagName(tag);
        List<Element> list = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            list.add((Element) nodes.item(i));
        }
        return list;
    }

    @Test
    void theReportIsWellFormedAndNamesEveryRegion() throws Exception {
        RunSummary run = SampleRuns.recorded(SEED);
        String html = HtmlReport.render(run);
        Document doc = parse(html);
        assertThat(doc.getDocumentElement().getTagName()).isEqualTo("html");
        assertThat(html).startsWith("<!DOCTYPE html>\n<html lang=\"en\">");
        for (RegionSummary r : run.regions()) {
            assertThat(html).contains(r.region());
        }
        assertThat(doc.getDocumentElement().getTextContent()).contains(run.title(), "preset", "gcp3",
                "bank total conserved: 1,000,000 = 1,000,000", "all 2 passed");
    }

    @Test
    void everyChartHasOnePolylinePerRegionInRegionOrder() throws Exception {
        RunSummary run = SampleRuns.recorded(SEED);
        Document doc = parse(HtmlReport.render(run));
        List<Element> charts = elements(doc.getDocumentElement(), "svg");
        assertThat(charts).hasSize(4);
        List<String> regionNames = run.regions().stream().map(RegionSummary::region).toList();
        for (Element svg : charts) {
            assertThat(elements(svg, "polyline")).extracting(p -> p.getAttribute("data-series"))
                    .containsExactlyElementsOf(regionNames);
        }
    }

    @Test
    void latencyCurvesClimbFromLeftToRight() throws Exception {
        Document doc = parse(HtmlReport.render(SampleRuns.recorded(SEED)));
        List<Element> latencyCharts = elements(doc.getDocumentElement(), "svg").stream()
                .filter(svg -> svg.getAttribute("aria-label").startsWith("commit latency")).toList();
        assertThat(latencyCharts).hasSize(3);
        for (Element svg : latencyCharts) {
            for (Element line : elements(svg, "polyline")) {
                String[] points = line.getAttribute("points").split(" ");
                assertThat(points.length).isGreaterThan(10);
                double[] previous = null;
                for (String point : points) {
                    String[] xy = point.split(",");
                    double[] p = {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])};
                    if (previous != null) {
                        // SVG's y grows downwards: a rising share of commits means a falling y.
                        assertThat(p[0]).isGreaterThanOrEqualTo(previous[0]);
                        assertThat(p[1]).isLessThanOrEqualTo(previous[1]);
                    }
                    previous = p;
                }
            }
        }
    }

    @Test
    void nothingIsLoadedFromAnywhere() {
        String html = HtmlReport.render(SampleRuns.recorded(SEED));
        assertThat(html).doesNotContain("http://", "https://", "src=", "href=", "url(", "@import", "<script",
                "<link");
    }

    @Test
    void textFromTheSummaryIsEscaped() throws Exception {
        RunSummary sample = SampleRuns.threeRegions();
        RegionSummary odd = sample.regions().get(0);
        odd = new RegionSummary("<script>alert(1)</script>", odd.latency(), odd.outcomes(), odd.heliosBoundMillis(),
                odd.speculationSuccess(), odd.throughput());
        RunSummary run = new RunSummary("a & b <i>", List.of(new ConfigFact("x\"y", "<b>")), List.of(odd),
                List.of(Check.fail("</li><li class=\"pass\">")));
        String html = HtmlReport.render(run);
        Document doc = parse(html);
        assertThat(elements(doc.getDocumentElement(), "script")).isEmpty();
        assertThat(elements(doc.getDocumentElement(), "i")).isEmpty();
        assertThat(doc.getDocumentElement().getTextContent()).contains("<script>alert(1)</script>", "a & b <i>");
        assertThat(elements(doc.getDocumentElement(), "li")).extracting(li -> li.getAttribute("class"))
                .containsExactly("fail");
    }

    @Test
    void aClassNobodyCommittedGetsANoteInsteadOfAnEmptyChart() throws Exception {
        RunSummary run = SampleRuns.threeRegions();
        RegionSummary onlyReads = new RegionSummary("solo", Map.of(TxnClass.READ_ONLY,
                SampleRuns.samples(1_000, 5)), new OutcomeCounts(5, Map.of(), 0, 0, 0), null, null,
                SampleRuns.series(5));
        String html = HtmlReport.render(new RunSummary("t", List.of(), List.of(onlyReads), run.checks()));
        Document doc = parse(html);
        assertThat(elements(doc.getDocumentElement(), "svg")).hasSize(2);
        assertThat(html).contains("No rw non-conflicting transaction committed.",
                "No rw conflicting transaction committed.");
    }

    @Test
    void theSummaryTableShowsTheSameFiguresAsTheTerminal() throws Exception {
        RunSummary run = SampleRuns.threeRegions();
        Document doc = parse(HtmlReport.render(run));
        Element table = elements(doc.getDocumentElement(), "table").get(1);
        List<String> firstRow = cells(elements(elements(table, "tbody").get(0), "tr").get(0));
        assertThat(firstRow).containsExactly("us-central1", "55.0", "90.0", "110.0", "130.0", "1.5", "3.0", "2.5",
                "100", "2.0%", "96.0%");
        assertThat(cells(elements(elements(table, "tfoot").get(0), "tr").get(0))).startsWith(RunSummary.TOTAL_NAME);
    }

    @Test
    void writeCreatesTheDirectoryAndWritesUtf8(@TempDir Path dir) throws Exception {
        RunSummary run = SampleRuns.threeRegions();
        Path file = HtmlReport.write(run, dir.resolve("reports/run-1/report.html"));
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(HtmlReport.render(run))
                .contains("\u2713 PASS", "\u2717 FAIL");
    }

    private static List<String> cells(Element row) {
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < row.getChildNodes().getLength(); i++) {
            if (row.getChildNodes().item(i) instanceof Element e) {
                cells.add(e.getTextContent());
            }
        }
        return cells;
    }
}
