package io.catena.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with columns as wide as their widest cell, two spaces apart, figures aligned
 * right, and a centred heading over each group of adjacent columns that share one.
 */
final class TextTable {

    private static final String GAP = "  ";

    private final List<GridColumn> columns;
    /** Rows of cells; null stands for a rule across the table. */
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(List<GridColumn> columns) {
        this.columns = List.copyOf(columns);
    }

    TextTable row(List<String> cells) {
        if (cells.size() != columns.size()) {
            throw new IllegalArgumentException("a row of " + cells.size() + " cells in a table of " + columns.size()
                    + " columns");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    TextTable rule() {
        rows.add(null);
        return this;
    }

    /** The table, one line per row, each ending in a newline, without trailing spaces. */
    String render() {
        int[] widths = widths();
        StringBuilder out = new StringBuilder();
        if (columns.stream().anyMatch(c -> !c.group().isEmpty())) {
            line(out, groupLine(widths));
        }
        List<String> headers = columns.stream().map(GridColumn::header).toList();
        line(out, cellLine(headers, widths));
        String rule = "-".repeat(totalWidth(widths));
        line(out, rule);
        for (List<String> row : rows) {
            line(out, row == null ? rule : cellLine(row, widths));
        }
        return out.toString();
    }

    private int[] widths() {
        int[] widths = new int[columns.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = columns.get(i).header().length();
            for (List<String> row : rows) {
                if (row != null) {
                    widths[i] = Math.max(widths[i], row.get(i).length());
                }
            }
        }
        // A group heading wider than its columns widens them all alike, the last ones by any remainder.
        for (int start = 0; start < widths.length; start = groupEnd(start)) {
            int end = groupEnd(start);
            int missing = columns.get(start).group().length() - spanWidth(widths, start, end);
            for (int i = start; i < end && missing > 0; i++) {
                widths[i] += missing / (end - start) + (end - i <= missing % (end - start) ? 1 : 0);
            }
        }
        return widths;
    }

    /** The index after the last column of the group that starts at {@code start}. */
    private int groupEnd(int start) {
        String group = columns.get(start).group();
        int end = start + 1;
        while (!group.isEmpty() && end < columns.size() && columns.get(end).group().equals(group)) {
            end++;
        }
        return end;
    }

    private String groupLine(int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int start = 0; start < widths.length; start = groupEnd(start)) {
            int end = groupEnd(start);
            if (start > 0) {
                line.append(GAP);
            }
            line.append(centred(columns.get(start).group(), spanWidth(widths, start, end)));
        }
        return line.toString();
    }

    private String cellLine(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
            if (i > 0) {
                line.append(GAP);
            }
            String cell = cells.get(i);
            String pad = " ".repeat(widths[i] - cell.length());
            line.append(columns.get(i).numeric() ? pad + cell : cell + pad);
        }
        return line.toString();
    }

    private static int spanWidth(int[] widths, int start, int end) {
        int width = GAP.length() * (end - start - 1);
        for (int i = start; i < end; i++) {
            width += widths[i];
        }
        return width;
    }

    private static int totalWidth(int[] widths) {
        return spanWidth(widths, 0, widths.length);
    }

    private static String centred(String text, int width) {
        int left = (width - text.length()) / 2;
        return " ".repeat(left) + text + " ".repeat(width - text.length() - left);
    }

    private static void line(StringBuilder out, String line) {
        out.append(line.stripTrailing()).append('\n');
    }
}
