import Foundation
import Templating

/// One bar of a bar chart: a count and the (relative) page it links to.
struct Bar: Sendable, Equatable {
    var label: String
    var value: Int
    var href: String
}

/// Build-time inline SVG horizontal bar charts of counts (no JavaScript).
enum BarChart {
    static let width = 480.0
    static let fontSize = 14.0
    static let rowHeight = 28.0
    static let barThickness = 18.0
    /// Labels longer than this are cut with "…" (the full label stays in the bar's `<title>`).
    static let maxLabelCharacters = 24
    private static let labelEnd = 190.0
    private static let barStart = 198.0
    private static let padding = 8.0

    /// A small horizontal bar chart of counts; each bar links to its page; the count printed at the bar's end.
    ///
    /// Bars keep the given order; their length is proportional to `value / max(values)` (negative values count
    /// as 0); the chart grows by `rowHeight` per bar. `emptyText` (the edition's `chart_no_data` label)
    /// replaces the bars when there is none.
    static func svg(
        _ heading: ChartHeading, bars: [Bar], format: NumberFormat, emptyText: String
    ) -> String {
        let valueLabels = bars.map { format.string(Double(max(0, $0.value)), maxFractionDigits: 0) }
        let widestValue = valueLabels.map { SVG.estimatedWidth($0, fontSize: fontSize) }.max() ?? 0
        let maxBarWidth = width - barStart - widestValue - 14
        let maxValue = bars.map { max(0, $0.value) }.max() ?? 0
        let height = 2 * padding + rowHeight * Double(max(1, bars.count))

        var out = ByteBuffer(capacity: 1024 + bars.count * 384)
        SVG.open(heading, kind: "chart-bars", width: width, height: height, to: &out)
        out.append("\n")
        SVG.appendLine(
            barStart, padding, barStart, height - padding, attributes: " class=\"axis\" stroke=\"currentColor\"",
            to: &out)
        out.append("\n")
        if bars.isEmpty {
            out.append("<text class=\"no-data\" x=\"")
            SVG.append(barStart + 8, to: &out)
            out.append("\" y=\"")
            SVG.append(padding + rowHeight / 2 + 5, to: &out)
            out.append("\">")
            SVG.append(escaped: emptyText, to: &out)
            out.append("</text>\n")
        }
        for (index, (bar, valueLabel)) in zip(bars, valueLabels).enumerated() {
            let rowTop = padding + Double(index) * rowHeight
            let baseline = rowTop + rowHeight / 2 + 5
            let value = Double(max(0, bar.value))
            let barWidth = maxValue > 0 ? value / Double(maxValue) * maxBarWidth : 0
            if bar.href.isEmpty {
                out.append("<g class=\"bar-row\">")
            } else {
                out.append("<a class=\"bar-row\" href=\"")
                SVG.append(escaped: bar.href, to: &out)
                out.append("\">")
            }
            out.append("<title>")
            SVG.append(escaped: bar.label, to: &out)
            out.append(": ")
            SVG.append(escaped: valueLabel, to: &out)
            out.append("</title><text class=\"bar-label\" x=\"")
            SVG.append(labelEnd, to: &out)
            out.append("\" y=\"")
            SVG.append(baseline, to: &out)
            out.append("\" text-anchor=\"end\">")
            SVG.append(escaped: SVG.truncated(bar.label, maxCharacters: maxLabelCharacters), to: &out)
            out.append("</text><rect class=\"bar\" x=\"")
            SVG.append(barStart, to: &out)
            out.append("\" y=\"")
            SVG.append(rowTop + (rowHeight - barThickness) / 2, to: &out)
            out.append("\" width=\"")
            SVG.append(barWidth, to: &out)
            out.append("\" height=\"")
            SVG.append(barThickness, to: &out)
            out.append("\"/><text class=\"bar-value\" x=\"")
            SVG.append(barStart + barWidth + 6, to: &out)
            out.append("\" y=\"")
            SVG.append(baseline, to: &out)
            out.append("\">")
            SVG.append(escaped: valueLabel, to: &out)
            out.append(bar.href.isEmpty ? "</text></g>\n" : "</text></a>\n")
        }
        out.append("</svg>")
        return out.text
    }
}
