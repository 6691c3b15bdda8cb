/**
 * Small, dependency-free building blocks for the charts of a report: a markup writer that cannot
 * produce unbalanced or unescaped output, axis scales, and an SVG line chart.
 *
 * <p>Everything here is pure: it turns values into text and reads no clock, file or network. The
 * SVG is meant to be inlined into an HTML page and references nothing outside it.
 */
package io.catena.lab.report.svg;
