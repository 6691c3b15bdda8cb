package io.catena.lab.report.svg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A line chart as inline SVG: a title, a plot framed by two axes with grid lines, tick labels and
 * axis titles, one polyline per {@link LineSeries} (or per piece of it), optional shaded
 * {@link Band}s, {@link Rule}s and {@link Marker}s, and a legend to the right. Immutable; built
 * with {@link #builder}.
 */
public final class SvgChart {

    private static final int MARGIN_LEFT = 64;
    private static final int MARGIN_TOP = 34;
    private static final int MARGIN_BOTTOM = 48;
    private static final int LEGEND_WIDTH = 170;
    private static final String FONT = "font-family";
    private static final String FONT_STACK = "system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif";
    /** Points closer than this many pixels to the last one drawn add nothing visible. */
    private static final double MIN_STEP_PX = 0.5;
    private static final String BAND_OPACITY = "0.15";

    private final String title;
    private final Scale x;
    private final Scale y;
    private final String xTitle;
    private final String yTitle;
    private final int widthPx;
    private final int heightPx;
    private final List<LineSeries> series;
    private final List<Rule> rules;
    private final List<Marker> markers;
    private final List<Band> bands;

    private SvgChart(Builder b) {
        this.title = b.title;
        this.x = b.x;
        this.y = b.y;
        this.xTitle = b.xTitle;
        this.yTitle = b.yTitle;
        this.widthPx = b.widthPx;
        this.heightPx = b.heightPx;
        this.series = List.copyOf(b.series);
        this.rules = List.copyOf(b.rules);
        this.markers = List.copyOf(b.markers);
        this.bands = List.copyOf(b.bands);
    }

    /** A chart titled {@code title} over the scales {@code x} and {@code y}. */
    public static Builder builder(String title, Scale x, Scale y) {
        return new Builder(title, x, y);
    }

    public String title() {
        return title;
    }

    public List<LineSeries> series() {
        return series;
    }

    public int widthPx() {
        return widthPx;
    }

    public int heightPx() {
        return heightPx;
    }

    /** The chart as one {@code <svg>} element. */
    public String render() {
        MarkupWriter out = new MarkupWriter();
        writeTo(out);
        return out.finish();
    }

    /** The chart as an SVG file of its own (the element with its namespace). */
    public String renderDocument() {
        MarkupWriter out = new MarkupWriter();
        write(out, true);
        return out.finish();
    }

    /** Writes the chart as one {@code <svg>} element, e.g. inline into an HTML page. */
    public void writeTo(MarkupWriter out) {
        write(out, false);
    }

    private void write(MarkupWriter out, boolean document) {
        String[] size = {"class", "chart", "width", Integer.toString(widthPx), "height", Integer.toString(heightPx),
                "viewBox", "0 0 " + widthPx + " " + heightPx, "role", "img", "aria-label", title,
                FONT, FONT_STACK, "font-size", "12"};
        if (document) {
            String[] withNamespace = Arrays.copyOf(size, size.length + 2);
            withNamespace[size.length] = "xmlns";
            withNamespace[size.length + 1] = "http://www.w3.org/2000/svg";
            size = withNamespace;
        }
        out.open("svg", size);
        out.element("title", title);
        out.empty("rect", "x", "0", "y", "0", "width", Integer.toString(widthPx), "height", Integer.toString(heightPx),
                "fill", "#ffffff");
        out.element("text", title, "x", Integer.toString(MARGIN_LEFT), "y", "20", "font-size", "14",
                "font-weight", "bold", "fill", "#222222");
        writeBands(out);
        writeGrid(out);
        writeRules(out);
        writeSeries(out);
        writeMarkers(out);
        writeLegend(out);
        out.close("svg");
    }

    private void writeBands(MarkupWriter out) {
        out.open("g", "class", "bands");
        for (Band b : bands) {
            double from = xPixel(b.from());
            withTooltip(out, b.name(), "rect", "x", px(from), "y", px(top()), "width", px(xPixel(b.to()) - from),
                    "height", px(bottom() - top()), "fill", b.colour(), "fill-opacity", BAND_OPACITY);
        }
        out.close("g");
    }

    private void writeGrid(MarkupWriter out) {
        out.open("g", "class", "axes");
        for (Tick t : x.ticks()) {
            String at = px(xPixel(t.value()));
            out.empty("line", "x1", at, "y1", px(top()), "x2", at, "y2", px(bottom()),
                    "stroke", t.major() ? "#cccccc" : "#eeeeee");
            if (!t.label().isEmpty()) {
                out.element("text", t.label(), "x", at, "y", px(bottom() + 16), "text-anchor", "middle", "fill", "#333333");
            }
        }
        for (Tick t : y.ticks()) {
            String at = px(yPixel(t.value()));
            out.empty("line", "x1", px(left()), "y1", at, "x2", px(right()), "y2", at,
                    "stroke", t.major() ? "#cccccc" : "#eeeeee");
            if (!t.label().isEmpty()) {
                out.element("text", t.label(), "x", px(left() - 6), "y", px(yPixel(t.value()) + 4),
                        "text-anchor", "end", "fill", "#333333");
            }
        }
        out.empty("rect", "x", px(left()), "y", px(top()), "width", px(right() - left()),
                "height", px(bottom() - top()), "fill", "none", "stroke", "#333333");
        out.element("text", xTitle, "x", px((left() + right()) / 2), "y", px(heightPx - 10), "text-anchor", "middle",
                "fill", "#222222");
        String yTitleX = "16";
        String yTitleY = px((top() + bottom()) / 2);
        out.element("text", yTitle, "x", yTitleX, "y", yTitleY, "text-anchor", "middle", "fill", "#222222",
                "transform", "rotate(-90 " + yTitleX + " " + yTitleY + ")");
        out.close("g");
    }

    private void writeRules(MarkupWriter out) {
        out.open("g", "class", "rules");
        for (Rule r : rules) {
            if (r.vertical()) {
                String at = px(xPixel(r.at()));
                withTooltip(out, r.label(), "line", "x1", at, "y1", px(top()), "x2", at, "y2", px(bottom()),
                        "stroke", r.colour(), "stroke-width", "1.5", "stroke-dasharray", "6 4");
                if (r.kind() == Rule.Kind.EVENT) {
                    writeAlongRule(out, r);
                }
            } else {
                String at = px(yPixel(r.at()));
                out.empty("line", "x1", px(left()), "y1", at, "x2", px(right()), "y2", at, "stroke", r.colour(),
                        "stroke-dasharray", "2 3");
                // Below the line, so a guide near the top does not write over the frame.
                out.element("text", r.label(), "x", px(right() - 4), "y", px(yPixel(r.at()) + 13),
                        "text-anchor", "end", "fill", r.colour());
            }
        }
        out.close("g");
    }

    /**
     * An event's label, left of its line and reading upwards to the plot's top, on a white halo so
     * the lines it crosses do not hide it.
     */
    private void writeAlongRule(MarkupWriter out, Rule r) {
        String x = px(xPixel(r.at()) - 4);
        String y = px(top() + 6);
        out.element("text", r.label(), "x", x, "y", y, "text-anchor", "end", "font-size", "10", "fill", r.colour(),
                "stroke", "#ffffff", "stroke-width", "3", "paint-order", "stroke",
                "transform", "rotate(-90 " + x + " " + y + ")");
    }

    private void writeSeries(MarkupWriter out) {
        out.open("g", "class", "series");
        for (LineSeries s : series) {
            for (List<ChartPoint> piece : s.pieces()) {
                // A piece of one point is drawn as a zero-length line, which the round caps show as a dot.
                String points = pixelPoints(piece.size() == 1 ? List.of(piece.get(0), piece.get(0)) : piece);
                withTooltip(out, s.name(), "polyline", "data-series", s.name(), "points", points, "fill", "none",
                        "stroke", s.colour(), "stroke-width", "2", "stroke-linejoin", "round",
                        "stroke-linecap", "round");
            }
        }
        out.close("g");
    }

    private void writeMarkers(MarkupWriter out) {
        out.open("g", "class", "markers");
        for (Marker m : markers) {
            withTooltip(out, m.tooltip(), "circle", "cx", px(xPixel(m.at().x())), "cy", px(yPixel(m.at().y())),
                    "r", "3.5", "fill", m.colour(), "stroke", "#ffffff", "stroke-width", "1");
        }
        out.close("g");
    }

    private void writeLegend(MarkupWriter out) {
        out.open("g", "class", "legend");
        double legendX = right() + 16;
        for (int i = 0; i < series.size(); i++) {
            LineSeries s = series.get(i);
            double rowY = top() + 10 + i * 20;
            out.empty("line", "x1", px(legendX), "y1", px(rowY), "x2", px(legendX + 24), "y2", px(rowY),
                    "stroke", s.colour(), "stroke-width", "3");
            out.element("text", s.name(), "x", px(legendX + 30), "y", px(rowY + 4), "fill", "#222222");
        }
        for (int i = 0; i < bands.size(); i++) {
            Band b = bands.get(i);
            double rowY = top() + 10 + (series.size() + i) * 20;
            out.empty("rect", "x", px(legendX), "y", px(rowY - 6), "width", "24", "height", "12",
                    "fill", b.colour(), "fill-opacity", BAND_OPACITY);
            out.element("text", b.name(), "x", px(legendX + 30), "y", px(rowY + 4), "fill", "#222222");
        }
        out.close("g");
    }

    /** An element whose {@code <title>} child browsers show on hover. */
    private static void withTooltip(MarkupWriter out, String tooltip, String tag, String... attributes) {
        out.open(tag, attributes).element("title", tooltip).close(tag);
    }

    /**
     * The polyline's points in pixels, leaving out points too close to the last one kept to show;
     * the first and last points are always kept, so a curve keeps its ends.
     */
    private String pixelPoints(List<ChartPoint> points) {
        List<double[]> kept = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            double[] p = {xPixel(points.get(i).x()), yPixel(points.get(i).y())};
            boolean last = i == points.size() - 1;
            if (kept.isEmpty() || last || farEnough(kept.get(kept.size() - 1), p)) {
                kept.add(p);
            }
        }
        StringBuilder s = new StringBuilder();
        for (double[] p : kept) {
            if (s.length() > 0) {
                s.append(' ');
            }
            s.append(px(p[0])).append(',').append(px(p[1]));
        }
        return s.toString();
    }

    private static boolean farEnough(double[] from, double[] to) {
        return Math.abs(to[0] - from[0]) >= MIN_STEP_PX || Math.abs(to[1] - from[1]) >= MIN_STEP_PX;
    }

    private double left() {
        return MARGIN_LEFT;
    }

    private double right() {
        return widthPx - LEGEND_WIDTH;
    }

    private double top() {
        return MARGIN_TOP;
    }

    private double bottom() {
        return heightPx - MARGIN_BOTTOM;
    }

    private double xPixel(double value) {
        return left() + x.fraction(value) * (right() - left());
    }

    private double yPixel(double value) {
        return bottom() - y.fraction(value) * (bottom() - top());
    }

    /** A pixel coordinate with one decimal, whatever the locale. */
    private static String px(double pixels) {
        return String.format(Locale.ROOT, "%.1f", pixels);
    }

    /** Builds an {@link SvgChart}; see {@link SvgChart#builder}. */
    public static final class Builder {
        private final String title;
        private final Scale x;
        private final Scale y;
        private String xTitle = "";
        private String yTitle = "";
        private int widthPx = 760;
        private int heightPx = 360;
        private final List<LineSeries> series = new ArrayList<>();
        private final List<Rule> rules = new ArrayList<>();
        private final List<Marker> markers = new ArrayList<>();
        private final List<Band> bands = new ArrayList<>();

        private Builder(String title, Scale x, Scale y) {
            if (title == null || x == null || y == null) {
                throw new IllegalArgumentException("a chart has a title and two scales");
            }
            this.title = title;
            this.x = x;
            this.y = y;
        }

        /** The titles of the horizontal and the vertical axis, units included. */
        public Builder axisTitles(String horizontal, String vertical) {
            if (horizontal == null || vertical == null) {
                throw new IllegalArgumentException("axis titles may be empty, not null");
            }
            this.xTitle = horizontal;
            this.yTitle = vertical;
            return this;
        }

        /** The chart's size in pixels; the plot is what is left after margins and legend. */
        public Builder size(int widthPx, int heightPx) {
            if (widthPx < LEGEND_WIDTH + MARGIN_LEFT + 100 || heightPx < MARGIN_TOP + MARGIN_BOTTOM + 100) {
                throw new IllegalArgumentException("a chart of " + widthPx + "x" + heightPx + " px leaves no room to plot");
            }
            this.widthPx = widthPx;
            this.heightPx = heightPx;
            return this;
        }

        public Builder series(LineSeries s) {
            series.add(s);
            return this;
        }

        public Builder rule(Rule r) {
            rules.add(r);
            return this;
        }

        public Builder marker(Marker m) {
            markers.add(m);
            return this;
        }

        public Builder band(Band b) {
            bands.add(b);
            return this;
        }

        public SvgChart build() {
            return new SvgChart(this);
        }
    }
}
