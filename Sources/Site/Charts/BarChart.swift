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
        id: String, title: String, description: String, bars: [Bar], format: NumberFormat,
        emptyText: String
    ) -> String {
        let valueLabels = bars.map { format.string(Double(max(0, $0.value)), maxFractionDigits: 0) }
        let widestValue = valueLabels.map { SVG.estimatedWidth($0, fontSize: fontSize) }.max() ?? 0
        let maxBarWidth = width - barStart - widestValue - 14
        let maxValue = bars.map { max(0, $0.value) }.max() ?? 0
        let height = 2 * padding + rowHeight * Double(max(1, bars.count))

        var out = SVG.open(
            id: id, kind: "chart-bars", width: width, height: height, title: title, description: description)
        out +=
            "\n<line class=\"axis\" stroke=\"currentColor\" x1=\"\(SVG.number(barStart))\" "
            + "y1=\"\(SVG.number(padding))\" x2=\"\(SVG.number(barStart))\" y2=\"\(SVG.number(height - padding))\"/>\n"
        if bars.isEmpty {
            let message = emptyText
            out +=
                "<text class=\"no-data\" x=\"\(SVG.number(barStart + 8))\" "
                + "y=\"\(SVG.number(padding + rowHeight / 2 + 5))\">\(SVG.escape(message))</text>\n"
        }
        for (index, (bar, valueLabel)) in zip(bars, valueLabels).enumerated() {
            let rowTop = padding + Double(index) * rowHeight
            let baseline = SVG.number(rowTop + rowHeight / 2 + 5)
            let value = Double(max(0, bar.value))
            let barWidth = maxValue > 0 ? value / Double(maxValue) * maxBarWidth : 0
            let label = SVG.truncated(bar.label, maxCharacters: maxLabelCharacters)
            let row =
                "<title>\(SVG.escape(bar.label)): \(SVG.escape(valueLabel))</title>"
                + "<text class=\"bar-label\" x=\"\(SVG.number(labelEnd))\" y=\"\(baseline)\" text-anchor=\"end\">"
                + "\(SVG.escape(label))</text>"
                + "<rect class=\"bar\" x=\"\(SVG.number(barStart))\" "
                + "y=\"\(SVG.number(rowTop + (rowHeight - barThickness) / 2))\" width=\"\(SVG.number(barWidth))\" "
                + "height=\"\(SVG.number(barThickness))\"/>"
                + "<text class=\"bar-value\" x=\"\(SVG.number(barStart + barWidth + 6))\" y=\"\(baseline)\">"
                + "\(SVG.escape(valueLabel))</text>"
            if bar.href.isEmpty {
                out += "<g class=\"bar-row\">\(row)</g>\n"
            } else {
                out += "<a class=\"bar-row\" href=\"\(SVG.escape(bar.href))\">\(row)</a>\n"
            }
        }
        out += "</svg>"
        return out
    }
}
