package io.catena.lab.report;

import io.catena.lab.report.svg.MarkupWriter;
import io.catena.lab.report.svg.SvgChart;
import io.catena.harness.record.TxnClass;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A run summary as one self-contained HTML file: title and configuration, the per-region table,
 * the checks, a latency distribution chart per transaction class, throughput over time, and how
 * transactions ended. Styles are inline and charts are inline SVG; the page loads nothing from
 * anywhere, so it opens offline and can be mailed or archived as it is.
 *
 * <p>The markup is also well-formed XML, so tools can parse it as such.
 */
public final class HtmlReport {

    private static final String STYLESHEET = "report.css";

    private HtmlReport() {
    }

    /** Writes the report of {@code run} to {@code file} (UTF-8), creating its directory; returns the file. */
    public static Path write(RunSummary run, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, render(run), StandardCharsets.UTF_8);
        return file;
    }

    /** The report of {@code run} as a complete HTML document. */
    public static String render(RunSummary run) {
        MarkupWriter out = new MarkupWriter();
        out.open("html", "lang", "en");
        head(out, run.title());
        out.open("body");
        out.open("header");
        out.element("h1", run.title());
        out.element("p", SummaryTable.verdict(run.checks()), "class", run.allChecksPassed() ? "verdict pass" : "verdict fail");
        out.close("header");
        configuration(out, run);
        summary(out, run);
        checks(out, run);
        latency(out, run);
        throughput(out, run);
        outcomes(out, run);
        out.element("footer", "Written by catena. This page is self-contained: it loads nothing from the network.");
        out.close("body");
        out.close("html");
        return "<!DOCTYPE html>\n" + out.finish();
    }

    private static void head(MarkupWriter out, String title) {
        out.open("head");
        out.empty("meta", "charset", "utf-8");
        out.empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1");
        out.element("title", title);
        out.element("style", stylesheet());
        out.close("head");
    }

    private static void configuration(MarkupWriter out, RunSummary run) {
        if (run.facts().isEmpty()) {
            return;
        }
        out.open("section", "id", "configuration");
        out.element("h2", "Configuration");
        out.open("table", "class", "facts").open("tbody");
        for (ConfigFact f : run.facts()) {
            out.open("tr").element("th", f.name(), "scope", "row").element("td", f.value()).close("tr");
        }
        out.close("tbody").close("table");
        out.close("section");
    }

    private static void summary(MarkupWriter out, RunSummary run) {
        SummaryGrid grid = SummaryGrid.of(run);
        List<GridColumn> columns = grid.columns();
        out.open("section", "id", "summary");
        out.element("h2", "Per region");
        out.open("table", "class", "grid");
        out.open("thead").open("tr");
        for (int i = 0; i < columns.size(); i++) {
            GridColumn c = columns.get(i);
            if (c.group().isEmpty()) {
                out.element("th", c.header(), "rowspan", "2", "class", c.numeric() ? "num" : "text");
            } else if (i == 0 || !columns.get(i - 1).group().equals(c.group())) {
                out.element("th", c.group(), "colspan", Integer.toString(groupSize(columns, i)), "class", "group");
            }
        }
        out.close("tr").open("tr");
        for (GridColumn c : columns) {
            if (!c.group().isEmpty()) {
                out.element("th", c.header(), "class", "num");
            }
        }
        out.close("tr").close("thead");
        out.open("tbody");
        grid.regionRows().forEach(row -> row(out, columns, row));
        out.close("tbody").open("tfoot");
        row(out, columns, grid.totalRow());
        out.close("tfoot").close("table");
        out.element("p", "Latencies are commit latencies of committed transactions, in ms. Helios: the lower bound "
                + "on commit latency any protocol can reach on this latency matrix. spec ok: the share of "
                + "conflicting transactions whose speculative order held.", "class", "note");
        out.close("section");
    }

    private static int groupSize(List<GridColumn> columns, int start) {
        int end = start;
        while (end < columns.size() && columns.get(end).group().equals(columns.get(start).group())) {
            end++;
        }
        return end - start;
    }

    private static void row(MarkupWriter out, List<GridColumn> columns, List<String> cells) {
        out.open("tr");
        for (int i = 0; i < cells.size(); i++) {
            out.element(i == 0 ? "th" : "td", cells.get(i), "class", columns.get(i).numeric() ? "num" : "text");
        }
        out.close("tr");
    }

    private static void checks(MarkupWriter out, RunSummary run) {
        out.open("section", "id", "checks");
        out.element("h2", "Checks");
        if (run.checks().isEmpty()) {
            out.element("p", "No checks were run.", "class", "note");
        } else {
            out.open("ul", "class", "checks");
            for (Check c : run.checks()) {
                out.open("li", "class", c.passed() ? "pass" : "fail");
                out.element("span", c.passed() ? "\u2713 PASS" : "\u2717 FAIL", "class", "mark");
                out.text(" ").element("span", c.description(), "class", "what");
                out.close("li");
            }
            out.close("ul");
        }
        out.close("section");
    }

    private static void latency(MarkupWriter out, RunSummary run) {
        out.open("section", "id", "latency");
        out.element("h2", "Commit latency");
        out.element("p", "Share of committed transactions that committed within a given latency, one line per region. "
                + "Dots mark p50 and p99; dashed vertical lines mark each region's Helios lower bound.", "class", "note");
        for (TxnClass c : TxnClass.values()) {
            Optional<SvgChart> chart = RunCharts.latency(run, c);
            out.open("figure", "class", "chart");
            if (chart.isPresent()) {
                chart.get().writeTo(out);
            } else {
                out.element("p", "No " + c.label() + " transaction committed.", "class", "note");
            }
            out.close("figure");
        }
        out.close("section");
    }

    private static void throughput(MarkupWriter out, RunSummary run) {
        out.open("section", "id", "throughput");
        out.element("h2", "Throughput");
        out.open("figure", "class", "chart");
        RunCharts.throughput(run).writeTo(out);
        out.close("figure");
        out.close("section");
    }

    private static void outcomes(MarkupWriter out, RunSummary run) {
        out.open("section", "id", "outcomes");
        out.element("h2", "How transactions ended");
        out.open("table", "class", "grid").open("thead").open("tr");
        out.element("th", "region", "class", "text");
        for (String h : List.of("committed", "aborted", "rejected", "dropped", "unknown")) {
            out.element("th", h, "class", "num");
        }
        out.element("th", "abort reasons", "class", "text");
        out.close("tr").close("thead").open("tbody");
        for (RegionSummary r : run.regions()) {
            outcomeRow(out, r);
        }
        out.close("tbody").open("tfoot");
        outcomeRow(out, run.total());
        out.close("tfoot").close("table");
        out.close("section");
    }

    private static void outcomeRow(MarkupWriter out, RegionSummary r) {
        OutcomeCounts o = r.outcomes();
        out.open("tr").element("th", r.region(), "class", "text");
        for (long n : new long[] {o.committed(), o.aborted(), o.rejected(), o.dropped(), o.unknown()}) {
            out.element("td", DisplayFormat.count(n), "class", "num");
        }
        out.element("td", SummaryTable.reasons(o), "class", "text");
        out.close("tr");
    }

    private static String stylesheet() {
        try (InputStream in = HtmlReport.class.getResourceAsStream(STYLESHEET)) {
            if (in == null) {
                throw new IllegalStateException(STYLESHEET + " is missing from the classpath next to HtmlReport");
            }
            String css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            // HTML does not decode entities inside <style>, so escaping would corrupt the CSS.
            if (!MarkupWriter.escape(css).equals(css)) {
                throw new IllegalStateException(STYLESHEET + " contains a character markup must escape (& < > \" ')");
            }
            return css;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + STYLESHEET, e);
        }
    }
}
