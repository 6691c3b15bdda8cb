/**
 * Small, dependency-free building blocks for the charts of a report: a markup writer that cannot
 * produce unbalanced or unescaped output, axis scales, an SVG line chart, and charts stacked in
 * one file.
 *
 * <p>Everything here is pure: it turns values into text and reads no clock, file or network. The
 * SVG is inlined into an HTML page or written as a file of its own, and references nothing outside
 * it.
 */
package io.catena.lab.report.svg;
