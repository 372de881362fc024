import Foundation
import Templating

/// One dot of a scatter plot: its values, its tooltip label, the (relative) page it links to and its series.
struct ChartPoint: Sendable, Equatable {
    var x: Double
    var y: Double
    var label: String
    var href: String
    var series: Int
}

/// Build-time inline SVG scatter plots (no JavaScript): colours come from the stylesheet through the CSS classes
/// `series-0` … `series-5`, and each series also has its own marker shape.
enum ScatterChart {
    static let width = 640.0
    static let fontSize = 14.0
    /// Space is reserved for text of this size: the stylesheet may enlarge the font on narrow screens (where the
    /// whole chart is scaled down) and hide the `tick-minor` labels, every other one on the x axis.
    static let layoutFontSize = 20.0
    static let markerRadius = 6.0
    private static let plotHeight = 316.0
    private static let legendRowHeight = 22.0
    private static let legendLeft = 16.0

    /// An accessible inline <svg> scatter plot: one dot per point, each wrapped in <a href> with a <title> (the
    /// tooltip: label, and the x/y values).
    ///
    /// `emptyText` is shown in place of the dots when there is no point (the edition's `chart_no_data` label).
    /// Points with a non-finite coordinate are left out; points on the same spot are fanned out slightly.
    static func svg(
        _ heading: ChartHeading, axes: ChartAxes, points: [ChartPoint], seriesNames: [String], format: NumberFormat,
        emptyText: String
    ) -> String {
        let (xLabel, yLabel, xIsYear) = (axes.x, axes.y, axes.xIsYear)
        let points = points.filter { $0.x.isFinite && $0.y.isFinite }
        let xFormat = xIsYear ? format.withoutGrouping : format

        // Domains and ticks.
        var xTicks: [Double] = []
        var yTicks: [Double] = []
        if let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
            let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
        {
            var (lowX, highX) = (minX, maxX)
            if lowX == highX {
                let pad = xIsYear ? 5 : max(1, abs(lowX) * 0.1)
                lowX -= pad
                highX += pad
            }
            xTicks = SVG.niceTicks(lower: lowX, upper: highX, maxCount: 12, minimumStep: xIsYear ? 1 : 0)
            let lowY = min(0, minY)
            yTicks = SVG.niceTicks(lower: lowY, upper: maxY > lowY ? maxY : lowY + 1, maxCount: 7)
        }
        let xDigits = SVG.fractionDigits(forTicks: xTicks)
        let yDigits = SVG.fractionDigits(forTicks: yTicks)
        let yTickLabels = yTicks.map { format.string($0, maxFractionDigits: yDigits) }

        // Layout (viewBox units).
        let legend = seriesNames.count > 1 ? legendItems(seriesNames) : []
        let legendRows = (legend.map(\.row).max() ?? -1) + 1
        let legendHeight = legendRows > 0 ? Double(legendRows) * legendRowHeight + 8 : 0
        let widestYLabel = yTickLabels.map { SVG.estimatedWidth($0, fontSize: layoutFontSize) }.max() ?? 0
        let plotLeft = max(64, 44 + widestYLabel)
        let plotRight = width - 24
        let plotTop = 16 + legendHeight
        let plotBottom = plotTop + plotHeight
        let height = plotBottom + 68

        let (x0, x1) = (xTicks.first ?? 0, xTicks.last ?? 1)
        let (y0, y1) = (yTicks.first ?? 0, yTicks.last ?? 1)
        func px(_ x: Double) -> Double { plotLeft + (x - x0) / (x1 > x0 ? x1 - x0 : 1) * (plotRight - plotLeft) }
        func py(_ y: Double) -> Double { plotBottom - (y - y0) / (y1 > y0 ? y1 - y0 : 1) * plotHeight }

        var out = ByteBuffer(capacity: 512 + points.count * 256)
        SVG.open(heading, kind: "chart-scatter", width: width, height: height, to: &out)
        out.append("\n")

        // Legend.
        if !legend.isEmpty {
            out.append("<g class=\"legend\">")
            for item in legend {
                let rowY = 8 + Double(item.row) * legendRowHeight + legendRowHeight / 2
                SVG.markerShape(item.series).append(
                    x: legendLeft + item.x + markerRadius, y: rowY, radius: markerRadius, series: item.series,
                    to: &out)
                out.append("<text x=\"")
                SVG.append(legendLeft + item.x + 2 * markerRadius + 6, to: &out)
                out.append("\" y=\"")
                SVG.append(rowY + 5, to: &out)
                out.append("\">")
                SVG.append(escaped: item.name, to: &out)
                out.append("</text>")
            }
            out.append("</g>\n")
        }

        func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            SVG.appendLine(x1, y1, x2, y2, to: &out)
        }

        // Gridlines, axes and tick labels.
        out.append("<g class=\"grid\" stroke=\"currentColor\" stroke-opacity=\"0.15\">")
        for tick in yTicks where tick != y0 { line(plotLeft, py(tick), plotRight, py(tick)) }
        for tick in xTicks where tick != x0 { line(px(tick), plotTop, px(tick), plotBottom) }
        out.append("</g>\n<g class=\"axis\" stroke=\"currentColor\">")
        line(plotLeft, plotBottom, plotRight, plotBottom)
        line(plotLeft, plotTop, plotLeft, plotBottom)
        for tick in xTicks { line(px(tick), plotBottom, px(tick), plotBottom + 5) }
        for tick in yTicks { line(plotLeft - 5, py(tick), plotLeft, py(tick)) }
        out.append("</g>\n<g class=\"tick-labels\">")
        for (index, tick) in xTicks.enumerated() {
            // With many ticks, the stylesheet may hide every other label when the chart is drawn small.
            out.append(xTicks.count > 7 && index % 2 == 1 ? "<text class=\"tick-minor\" x=\"" : "<text x=\"")
            SVG.append(px(tick), to: &out)
            out.append("\" y=\"")
            SVG.append(plotBottom + 22, to: &out)
            out.append("\" text-anchor=\"middle\">")
            SVG.append(escaped: xFormat.string(tick, maxFractionDigits: xDigits), to: &out)
            out.append("</text>")
        }
        for (tick, label) in zip(yTicks, yTickLabels) {
            out.append("<text x=\"")
            SVG.append(plotLeft - 8, to: &out)
            out.append("\" y=\"")
            SVG.append(py(tick) + 5, to: &out)
            out.append("\" text-anchor=\"end\">")
            SVG.append(escaped: label, to: &out)
            out.append("</text>")
        }
        out.append("</g>\n")
        let plotMiddleX = (plotLeft + plotRight) / 2
        let plotMiddleY = (plotTop + plotBottom) / 2
        out.append("<text class=\"axis-title\" x=\"")
        SVG.append(plotMiddleX, to: &out)
        out.append("\" y=\"")
        SVG.append(plotBottom + 50, to: &out)
        out.append("\" text-anchor=\"middle\">")
        SVG.append(escaped: xLabel, to: &out)
        out.append("</text>\n<text class=\"axis-title\" transform=\"rotate(-90)\" x=\"")
        SVG.append(-plotMiddleY, to: &out)
        out.append("\" y=\"20\" text-anchor=\"middle\">")
        SVG.append(escaped: yLabel, to: &out)
        out.append("</text>\n")

        // Points, or the empty message.
        if points.isEmpty {
            out.append("<text class=\"no-data\" x=\"")
            SVG.append(plotMiddleX, to: &out)
            out.append("\" y=\"")
            SVG.append(plotMiddleY, to: &out)
            out.append("\" text-anchor=\"middle\">")
            SVG.append(escaped: emptyText, to: &out)
            out.append("</text>\n")
        } else {
            out.append("<g class=\"points\">\n")
            // Dots on the same spot as printed (in tenths), how many so far.
            var seen: [SIMD2<Int>: Int] = [:]
            for point in points {
                var x = px(point.x)
                var y = py(point.y)
                let spot = SIMD2(SVG.tenths(x), SVG.tenths(y))
                let duplicates = seen[spot, default: 0]
                seen[spot] = duplicates + 1
                if duplicates > 0 {
                    // A golden-angle spiral: every dot on the same spot stays visible and clickable.
                    let angle = Double(duplicates) * 2.399_963
                    let radius = 3.5 * Double(duplicates).squareRoot()
                    x += radius * cos(angle)
                    y += radius * sin(angle)
                }
                let linked = !point.href.isEmpty
                if linked {
                    out.append("<a class=\"point\" href=\"")
                    SVG.append(escaped: point.href, to: &out)
                    out.append("\"><title>")
                } else {
                    out.append("<g class=\"point\"><title>")
                }
                SVG.append(escaped: point.label, to: &out)
                if seriesNames.count > 1, seriesNames.indices.contains(point.series) {
                    out.append(" (")
                    SVG.append(escaped: seriesNames[point.series], to: &out)
                    out.append(")")
                }
                out.append(" — ")
                SVG.append(escaped: xLabel, to: &out)
                out.append(": ")
                SVG.append(escaped: xFormat.string(point.x, maxFractionDigits: 1), to: &out)
                out.append(", ")
                SVG.append(escaped: yLabel, to: &out)
                out.append(": ")
                SVG.append(escaped: format.string(point.y, maxFractionDigits: 3), to: &out)
                out.append("</title>")
                SVG.markerShape(point.series).append(
                    x: x, y: y, radius: markerRadius, series: point.series, to: &out)
                out.append(linked ? "</a>\n" : "</g>\n")
            }
            out.append("</g>\n")
        }
        out.append("</svg>")
        return out.text
    }

    /// Legend entries laid out in rows that fit the chart's width: `x` is relative to `legendLeft`.
    private static func legendItems(_ names: [String]) -> [(series: Int, name: String, x: Double, row: Int)] {
        let available = width - 2 * legendLeft
        var items: [(series: Int, name: String, x: Double, row: Int)] = []
        var x = 0.0
        var row = 0
        for (series, name) in names.enumerated() {
            let itemWidth = 2 * markerRadius + 6 + SVG.estimatedWidth(name, fontSize: layoutFontSize)
            if x > 0 && x + itemWidth > available {
                x = 0
                row += 1
            }
            items.append((series, name, x, row))
            x += itemWidth + 18
        }
        return items
    }
}

extension NumberFormat {
    /// The same separators, never grouping thousands (for years: "1950", not "1,950").
    var withoutGrouping: NumberFormat {
        NumberFormat(
            decimalSeparator: decimalSeparator, groupingSeparator: groupingSeparator, minimumDigitsToGroup: .max)
    }
}
