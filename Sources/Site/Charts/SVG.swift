import Foundation
import Templating

/// Shared helpers for the build-time SVG charts: XML escaping, deterministic coordinates and "nice" axis ticks.
enum SVG {
    /// The number of CSS series classes (`series-0` … `series-5`) the stylesheet colours.
    static let seriesClassCount = 6

    /// The value in tenths, as `append(_:to:)` prints it: 0 for a non-finite or absurdly large value.
    static func tenths(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let tenths = (value * 10).rounded(.toNearestOrAwayFromZero)
        guard abs(tenths) < 1e15 else { return 0 }
        return Int(tenths)
    }

    /// A coordinate with at most one decimal ("12", "12.5", "-3.2"): deterministic and never "NaN" or "inf"
    /// (a non-finite or absurdly large value becomes "0"). The charts are drawn into bytes, not strings: a Swift
    /// `String` append or interpolation costs hundreds of instructions, and a chart is thousands of them.
    static func append(_ value: Double, to out: inout ByteBuffer) {
        let scaled = tenths(value)
        if scaled < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        out.append(decimal: UInt64(magnitude / 10))
        if magnitude % 10 != 0 {
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        }
    }

    /// `<line…x1="…" y1="…" x2="…" y2="…"/>`, with `attributes` (each with its leading space) before the ends.
    static func appendLine(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, attributes: StaticString = "", to out: inout ByteBuffer
    ) {
        out.append("<line")
        out.append(attributes)
        out.append(" x1=\"")
        append(x1, to: &out)
        out.append("\" y1=\"")
        append(y1, to: &out)
        out.append("\" x2=\"")
        append(x2, to: &out)
        out.append("\" y2=\"")
        append(y2, to: &out)
        out.append("\"/>")
    }

    /// Text escaped for XML element content and attributes, as `.xml` templates do (`Escaping.appendXML`).
    static func append(escaped text: String, to out: inout ByteBuffer) {
        Escaping.appendXML(text, to: &out)
    }

    /// Round axis ticks covering `lower...upper`: multiples of 1, 2 or 5 × 10ⁿ, at most `maxCount` of them
    /// (at least 2), with a step of at least `minimumStep` (1 for years). The first tick is ≤ `lower` and the
    /// last ≥ `upper`. Equal bounds are widened by one unit each way; non-finite bounds give `[0, 1]`.
    static func niceTicks(lower: Double, upper: Double, maxCount: Int, minimumStep: Double = 0) -> [Double] {
        guard lower.isFinite, upper.isFinite else { return [0, 1] }
        var low = min(lower, upper)
        var high = max(lower, upper)
        if low == high {
            low -= 1
            high += 1
        }
        let count = max(2, maxCount)
        let rough = (high - low) / Double(count - 1)
        guard rough.isFinite, rough > 0 else { return [low, high] }
        let exponent = Int(log10(rough).rounded(.down))
        for power in exponent...(exponent + 2) {
            for multiple in [1, 2, 5] {
                let step = Double(multiple) * pow(10, Double(power))
                if step < minimumStep { continue }
                let first = (low / step).rounded(.down)
                let last = (high / step).rounded(.up)
                guard abs(first) < 1e12, abs(last) < 1e12 else { return [low, high] }
                if Int(last - first) + 1 <= count {
                    return (Int(first)...Int(last)).map { tick(index: $0, multiple: multiple, power: power) }
                }
            }
        }
        return [low, high]
    }

    /// `index × multiple × 10^power`, computed so that decimal steps stay exact (3 × 0.2 is 0.6, not 0.6000…1).
    private static func tick(index: Int, multiple: Int, power: Int) -> Double {
        power >= 0
            ? Double(index * multiple) * pow(10, Double(power))
            : Double(index * multiple) / pow(10, Double(-power))
    }

    /// The decimals needed to tell ticks apart (0 for integral steps, 1 for 0.5 or 0.2, 2 for 0.05 …).
    static func fractionDigits(forTicks ticks: [Double]) -> Int {
        guard ticks.count >= 2 else { return 0 }
        let step = abs(ticks[1] - ticks[0])
        guard step.isFinite, step > 0, step < 1 else { return 0 }
        return min(6, max(0, Int((-log10(step)).rounded(.up))))
    }

    /// A rough width of `text` in viewBox units for a proportional font of `fontSize` (for layout only).
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.6
    }

    /// The text shortened to at most `maxCharacters` characters, ending in "…" when it was cut.
    static func truncated(_ text: String, maxCharacters: Int) -> String {
        guard text.count > maxCharacters, maxCharacters > 1 else { return text }
        var head = String(text.prefix(maxCharacters - 1))
        while head.last?.isWhitespace == true { head.removeLast() }
        return head + "…"
    }

    /// The number of series `index`'s CSS class: `series-0` … `series-5`, repeating beyond six.
    static func seriesNumber(_ index: Int) -> Int {
        ((index % seriesClassCount) + seriesClassCount) % seriesClassCount
    }

    /// The marker shape of series `index`, so that colour is not the only cue: circle, square, diamond for the
    /// first six series in turn, then shifted so that the first 18 series all differ in colour or shape.
    static func markerShape(_ index: Int) -> MarkerShape {
        let series = max(0, index)
        return MarkerShape.allCases[(series + series / seriesClassCount) % MarkerShape.allCases.count]
    }

    /// Opening tag of an accessible chart: a `group` labelled by its `<title>` and `<desc>`, which follow.
    /// Not `role="img"`: that would make the linked dots and bars inside invisible to screen readers while
    /// they can still be reached with the keyboard.
    static func open(
        _ heading: ChartHeading, kind: StaticString, width: Double, height: Double, to out: inout ByteBuffer
    ) {
        let (id, title, description) = (heading.id, heading.title, heading.description)
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart ")
        out.append(kind)
        out.append("\" role=\"group\" aria-labelledby=\"")
        append(escaped: id, to: &out)
        out.append("-title ")
        append(escaped: id, to: &out)
        out.append("-desc\" viewBox=\"0 0 ")
        append(width, to: &out)
        out.append(" ")
        append(height, to: &out)
        out.append("\" width=\"100%\" font-family=\"system-ui, sans-serif\" font-size=\"14\"><title id=\"")
        append(escaped: id, to: &out)
        out.append("-title\">")
        append(escaped: title, to: &out)
        out.append("</title><desc id=\"")
        append(escaped: id, to: &out)
        out.append("-desc\">")
        append(escaped: description, to: &out)
        out.append("</desc>")
    }
}

/// The shape of a scatter-plot marker.
enum MarkerShape: CaseIterable, Sendable {
    case circle, square, diamond

    /// The marker centred on (`x`, `y`) with about the area of a circle of radius `radius`, with the classes
    /// `marker series-<n>`.
    func append(x: Double, y: Double, radius: Double, series: Int, to out: inout ByteBuffer) {
        func point(_ x: Double, _ y: Double) {
            SVG.append(x, to: &out)
            out.append(" ")
            SVG.append(y, to: &out)
        }
        switch self {
        case .circle: out.append("<circle")
        case .square: out.append("<rect")
        case .diamond: out.append("<path")
        }
        out.append(" class=\"marker series-")
        out.append(decimal: UInt64(SVG.seriesNumber(series)))
        switch self {
        case .circle:
            out.append("\" cx=\"")
            SVG.append(x, to: &out)
            out.append("\" cy=\"")
            SVG.append(y, to: &out)
            out.append("\" r=\"")
            SVG.append(radius, to: &out)
        case .square:
            let half = radius * 0.9
            out.append("\" x=\"")
            SVG.append(x - half, to: &out)
            out.append("\" y=\"")
            SVG.append(y - half, to: &out)
            out.append("\" width=\"")
            SVG.append(2 * half, to: &out)
            out.append("\" height=\"")
            SVG.append(2 * half, to: &out)
        case .diamond:
            let r = radius * 1.25
            out.append("\" d=\"M")
            point(x, y - r)
            out.append("L")
            point(x + r, y)
            out.append("L")
            point(x, y + r)
            out.append("L")
            point(x - r, y)
            out.append("Z")
        }
        out.append("\"/>")
    }
}
