package io.catena.lab.report.svg;

import java.util.List;

/**
 * Charts one above the other in one SVG file, e.g. throughput above latency over the same
 * seconds: charts of the same width with the same horizontal scale line their time axes up.
 *
 * @param title  what the whole shows, the file's title (each chart keeps its own)
 * @param charts the charts from top to bottom
 */
public record StackedCharts(String title, List<SvgChart> charts) {

    public StackedCharts {
        if (title == null || charts.isEmpty()) {
            throw new IllegalArgumentException("stacked charts have a title and at least one chart");
        }
        charts = List.copyOf(charts);
    }

    /** The charts as an SVG file of their own. */
    public String renderDocument() {
        int widthPx = charts.stream().mapToInt(SvgChart::widthPx).max().orElseThrow();
        int heightPx = charts.stream().mapToInt(SvgChart::heightPx).sum();
        MarkupWriter out = new MarkupWriter();
        out.open("svg", "xmlns", "http://www.w3.org/2000/svg", "width", Integer.toString(widthPx),
                "height", Integer.toString(heightPx), "viewBox", "0 0 " + widthPx + " " + heightPx,
                "role", "img", "aria-label", title);
        out.element("title", title);
        int topPx = 0;
        for (SvgChart chart : charts) {
            out.open("g", "transform", "translate(0 " + topPx + ")");
            chart.writeTo(out);
            out.close("g");
            topPx += chart.heightPx();
        }
        out.close("svg");
        return out.finish();
    }
}
