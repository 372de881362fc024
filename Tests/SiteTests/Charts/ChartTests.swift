import Files
import Foundation
import Templating
import TestSupport
import Testing

@testable import Site

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses a chart with `XMLParser` and records what the tests look at.
private struct ChartXML {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    var elements: [Element] = []
    /// The text of each `<title>` element, in document order.
    var titles: [String] = []
    /// The parent of each `<title>`.
    var titleParents: [String] = []
    /// The text of each `<text>` element, in document order.
    var texts: [String] = []
    let wellFormed: Bool

    init(_ svg: String) {
        let parser = XMLParser(data: Data(svg.utf8))
        let delegate = Collector()
        parser.delegate = delegate
        wellFormed = parser.parse()
        elements = delegate.elements
        for element in elements where element.name == "title" { titles.append(element.text) }
        titleParents = delegate.titleParents
        for element in elements where element.name == "text" { texts.append(element.text) }
    }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var titleParents: [String] = []
        var stack: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            if elementName == "title" { titleParents.append(stack.last.map { elements[$0].name } ?? "") }
            elements.append(Element(name: elementName, attributes: attributeDict))
            stack.append(elements.count - 1)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?
        ) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let current = stack.last { elements[current].text += string }
        }
    }
}

@Suite struct ChartTests {
    static let hostile = "<script>alert(\"x\" & 'y')</script>"

    static let points: [ChartPoint] = [
        ChartPoint(x: 1921, y: 8, label: "Normale", href: "moto/normale/", series: 1),
        ChartPoint(x: 1949, y: 8.5, label: "Airone Sport", href: "moto/airone-sport/", series: 1),
        ChartPoint(x: 1950, y: 2, label: "Guzzino", href: "moto/guzzino/", series: 0),
        ChartPoint(x: 1971, y: 52, label: "V7 Sport", href: "moto/v7-sport/", series: 1),
        ChartPoint(x: 2023, y: 121.5, label: hostile, href: "moto/a?b=1&c=\"2\"", series: 1),
    ]

    static func scatter(
        _ points: [ChartPoint] = points, series: [String] = ["2-stroke", "4-stroke"],
        format: NumberFormat = .englishForTests, emptyText: String = "No data"
    ) -> String {
        ScatterChart.svg(
            ChartHeading(id: "power", title: "Power by year", description: "One dot per motorcycle."),
            axes: ChartAxes(x: "Year", y: "Power (hp)"), points: points, seriesNames: series, format: format,
            emptyText: emptyText)
    }

    static let bars: [Bar] = [
        Bar(label: "Falcone", value: 10, href: "families/falcone/"),
        Bar(label: "California", value: 40, href: "families/california/"),
        Bar(label: "A very long family name that goes on & on", value: 20, href: "families/long/"),
        Bar(label: "Not stated", value: 0, href: "families/not-stated/"),
    ]

    static func barChart(_ bars: [Bar] = bars, format: NumberFormat = .englishForTests) -> String {
        BarChart.svg(
            ChartHeading(id: "families", title: "Families", description: "Motorcycles per family."), bars: bars,
            format: format, emptyText: "No data")
    }

    /// Fails when the output carries a number that is not one: what a division by zero would print.
    static func expectFiniteNumbers(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for bad in ["nan", "inf", "NaN", "Inf"] {
            #expect(!svg.contains(bad), "\(bad) in \(svg)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Helpers

    @Test func escapesEveryMarkupCharacter() {
        #expect(
            escape(#"<a href="x">Tom & Jerry's</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(escape("bell\u{7}, tab\t, è") == "bell, tab\t, è")
    }

    @Test func coordinatesHaveAtMostOneDecimal() {
        #expect(number(12) == "12")
        #expect(number(12.25) == "12.3")
        #expect(number(-3.04) == "-3")
        #expect(number(-0.04) == "0")
        #expect(number(-7.56) == "-7.6")
        #expect(number(.nan) == "0")
        #expect(number(.infinity) == "0")
    }

    @Test func niceTicks() {
        #expect(
            SVG.niceTicks(lower: 1921, upper: 2024, maxCount: 12, minimumStep: 1)
                == Array(stride(from: 1920.0, through: 2030, by: 10)))
        #expect(
            SVG.niceTicks(lower: 1920, upper: 2020, maxCount: 12, minimumStep: 1)
                == Array(stride(from: 1920.0, through: 2020, by: 10)))
        #expect(SVG.niceTicks(lower: 0, upper: 121.5, maxCount: 7) == [0, 50, 100, 150])
        #expect(SVG.niceTicks(lower: 0, upper: 1, maxCount: 7) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(SVG.niceTicks(lower: 5, upper: 5, maxCount: 7) == [4, 4.5, 5, 5.5, 6])
        #expect(SVG.niceTicks(lower: 1950, upper: 1951, maxCount: 12, minimumStep: 1) == [1950, 1951])
        #expect(SVG.niceTicks(lower: .nan, upper: 3, maxCount: 7) == [0, 1])
        for (low, high) in [(0.0, 1064.0), (-3.0, 7.0), (0.001, 0.002), (1e6, 3e6), (13, 997)] {
            let ticks = SVG.niceTicks(lower: low, upper: high, maxCount: 7)
            #expect(ticks.count >= 2 && ticks.count <= 7)
            #expect(ticks.first! <= low && ticks.last! >= high)
        }
    }

    @Test func truncation() {
        #expect(SVG.truncated("Falcone", maxCharacters: 24) == "Falcone")
        let long = SVG.truncated("A very long family name that goes on", maxCharacters: 24)
        #expect(long == "A very long family name…")
        #expect(long.count == 24)
    }

    // MARK: - Scatter

    @Test func scatterIsWellFormedAndAccessible() throws {
        let svg = Self.scatter()
        let xml = ChartXML(svg)
        #expect(xml.wellFormed)
        let root = try #require(xml.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["role"] == "group")
        #expect(root.attributes["aria-labelledby"] == "power-title power-desc")
        #expect(root.attributes["width"] == "100%")
        #expect(root.attributes["viewBox"]?.hasPrefix("0 0 640 ") == true)
        #expect(root.attributes["height"] == nil)
        // <title> and <desc> come first, with the ids aria-labelledby names.
        #expect(xml.elements[1].name == "title" && xml.elements[1].attributes["id"] == "power-title")
        #expect(xml.elements[1].text == "Power by year")
        #expect(xml.elements[2].name == "desc" && xml.elements[2].attributes["id"] == "power-desc")
        #expect(xml.texts.contains("Year") && xml.texts.contains("Power (hp)"))
        Self.expectFiniteNumbers(svg)
    }

    @Test func onePointLinkPerPointWithItsLabelAsTooltip() {
        let xml = ChartXML(Self.scatter())
        let links = xml.all("a")
        #expect(links.count == Self.points.count)
        #expect(links.map { $0.attributes["href"] } == Self.points.map(\.href))
        let tooltips = zip(xml.titles, xml.titleParents).filter { $0.1 == "a" }.map(\.0)
        #expect(tooltips.count == Self.points.count)
        for (tooltip, point) in zip(tooltips, Self.points) {
            #expect(tooltip.hasPrefix(point.label))
        }
        #expect(tooltips[1] == "Airone Sport (4-stroke) — Year: 1949, Power (hp): 8.5")
    }

    @Test func tooltipsAndTicksFollowTheLanguage() {
        let svg = Self.scatter(format: .italianForTests)
        let xml = ChartXML(svg)
        #expect(xml.titles.contains("Airone Sport (4-stroke) — Year: 1949, Power (hp): 8,5"))
        // Years are never grouped, in either language.
        #expect(xml.texts.contains("1920") && xml.texts.contains("2030"))
        #expect(ChartXML(Self.scatter()).texts.contains("1920"))
        #expect(!Self.scatter().contains("1,920"))
        // Every other year label can be hidden on narrow screens.
        let minor = xml.elements.filter { $0.attributes["class"] == "tick-minor" }.map(\.text)
        #expect(minor == ["1930", "1950", "1970", "1990", "2010", "2030"])
    }

    @Test func hostileTextIsEscaped() {
        let nasty = ChartPoint(x: 1950, y: 1, label: Self.hostile, href: "a\"onmouseover='x'&<", series: 0)
        let svg = ScatterChart.svg(
            ChartHeading(id: "x\"y", title: Self.hostile, description: "<b>&</b>"), axes: ChartAxes(x: "<x>", y: "'y'"),
            points: [nasty], seriesNames: ["<s1>", "s&2"], format: .englishForTests, emptyText: "<no>")
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
        #expect(!svg.contains("<s1>"))
        #expect(svg.contains("&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;"))
        #expect(svg.contains(#"href="a&quot;onmouseover=&#39;x&#39;&amp;&lt;""#))
        let xml = ChartXML(svg)
        #expect(xml.wellFormed)
        #expect(xml.all("a").first?.attributes["href"] == "a\"onmouseover='x'&<")
        #expect(xml.titles.first == Self.hostile)
        #expect(xml.texts.contains("<s1>") && xml.texts.contains("s&2"))

        let bars = Self.barChart([Bar(label: Self.hostile, value: 3, href: "f?a=1&b=<2>")])
        #expect(!bars.contains("<script"))
        #expect(ChartXML(bars).wellFormed)
        #expect(ChartXML(bars).titles.contains(Self.hostile + ": 3"))
    }

    @Test func deterministic() {
        #expect(Self.scatter() == Self.scatter())
        #expect(Self.barChart() == Self.barChart())
        let same = Array(repeating: Self.points[1], count: 12)
        #expect(Self.scatter(same) == Self.scatter(same))
    }

    @Test func coordinatesHaveAtMostOneDecimalInTheOutput() throws {
        let regex = try NSRegularExpression(
            pattern: #" (?:x|y|x1|y1|x2|y2|cx|cy|r|width|height|d|viewBox)="[^"]*\d\.\d\d"#)
        for svg in [Self.scatter(), Self.barChart()] {
            #expect(regex.firstMatch(in: svg, range: NSRange(svg.startIndex..., in: svg)) == nil)
        }
    }

    @Test func legendWithTwoSeriesAndDistinctClassesAndShapes() {
        let svg = Self.scatter()
        let xml = ChartXML(svg)
        let legend = xml.elements.firstIndex { $0.name == "g" && $0.attributes["class"] == "legend" }
        #expect(legend != nil)
        #expect(xml.texts.contains("2-stroke") && xml.texts.contains("4-stroke"))
        #expect(svg.contains("series-0") && svg.contains("series-1"))
        #expect(!svg.contains("fill=\"#"))
        #expect(xml.all("circle").count >= 1 && xml.all("rect").count >= 1)

        let single = Self.scatter(series: ["All"])
        #expect(!single.contains("class=\"legend\""))
    }

    @Test func seriesClassesCycleAndShapesDiffer() {
        #expect(seriesClass(0) == "series-0")
        #expect(seriesClass(7) == "series-1")
        #expect(seriesClass(-1) == "series-5")
        let combos = Set((0..<18).map { "\(seriesClass($0))-\(SVG.markerShape($0))" })
        #expect(combos.count == 18)
    }

    @Test func emptySinglePointAndEqualValues() {
        let empty = Self.scatter([])
        #expect(ChartXML(empty).wellFormed)
        #expect(ChartXML(empty).all("a").isEmpty)
        #expect(ChartXML(empty).texts.contains("No data"))
        #expect(
            ChartXML(Self.scatter([], format: .italianForTests, emptyText: "Nessun dato")).texts.contains("Nessun dato")
        )
        Self.expectFiniteNumbers(empty)

        let single = Self.scatter([Self.points[2]])
        #expect(ChartXML(single).wellFormed)
        #expect(ChartXML(single).all("a").count == 1)
        Self.expectFiniteNumbers(single)

        let zeros = [
            ChartPoint(x: 1950, y: 0, label: "a", href: "a/", series: 0),
            ChartPoint(x: 1950, y: 0, label: "b", href: "b/", series: 0),
        ]
        let flat = Self.scatter(zeros)
        #expect(ChartXML(flat).wellFormed)
        #expect(ChartXML(flat).all("a").count == 2)
        Self.expectFiniteNumbers(flat)

        let withNaN = Self.scatter([ChartPoint(x: .nan, y: 1, label: "x", href: "x/", series: 0), Self.points[0]])
        #expect(ChartXML(withNaN).all("a").count == 1)
        Self.expectFiniteNumbers(withNaN)
    }

    @Test func pointsOnTheSameSpotAreAllKeptAndFannedOut() {
        let same = (0..<5).map { ChartPoint(x: 1960, y: 30, label: "M\($0)", href: "m\($0)/", series: 0) }
        let xml = ChartXML(Self.scatter(same, series: ["All"]))
        let circles = xml.all("circle").filter { $0.attributes["class"]?.contains("series-0") == true }
        #expect(circles.count == 5)
        let centres = Set(circles.map { "\($0.attributes["cx"] ?? ""),\($0.attributes["cy"] ?? "")" })
        #expect(centres.count == 5)
    }

    // MARK: - Bars

    @Test func barsAreWellFormedProportionalAndLinked() throws {
        let svg = Self.barChart()
        let xml = ChartXML(svg)
        #expect(xml.wellFormed)
        let root = try #require(xml.elements.first)
        #expect(root.attributes["role"] == "group")
        #expect(root.attributes["aria-labelledby"] == "families-title families-desc")
        #expect(xml.elements[1].attributes["id"] == "families-title")
        #expect(xml.elements[2].attributes["id"] == "families-desc")

        let links = xml.all("a")
        #expect(links.map { $0.attributes["href"] } == Self.bars.map(\.href))
        let widths = xml.all("rect").filter { $0.attributes["class"] == "bar" }.compactMap {
            Double($0.attributes["width"] ?? "")
        }
        #expect(widths.count == 4)
        let longest = try #require(widths.max())
        #expect(longest > 100)
        for (width, bar) in zip(widths, Self.bars) {
            #expect(abs(width - longest * Double(bar.value) / 40) <= 0.1)
        }
        // Counts after the bars, the full label in the title, the shown one cut to 24 characters.
        #expect(xml.texts.contains("40") && xml.texts.contains("0"))
        #expect(xml.titles.contains("A very long family name that goes on & on: 20"))
        #expect(xml.texts.contains("A very long family name…"))
        Self.expectFiniteNumbers(svg)
    }

    @Test func barChartGrowsWithTheBars() throws {
        func height(_ svg: String) throws -> Double {
            let viewBox = try #require(ChartXML(svg).elements.first?.attributes["viewBox"])
            return try #require(Double(viewBox.split(separator: " ")[3]))
        }
        let two = try height(Self.barChart(Array(Self.bars.prefix(2))))
        let four = try height(Self.barChart())
        #expect(four - two == 2 * BarChart.rowHeight)
    }

    @Test func emptyAndAllZeroBars() {
        for svg in [Self.barChart([]), Self.barChart([Bar(label: "x", value: 0, href: "x/")])] {
            #expect(ChartXML(svg).wellFormed)
            Self.expectFiniteNumbers(svg)
        }
        #expect(ChartXML(Self.barChart([])).texts.contains("No data"))
        let thousands = Self.barChart([Bar(label: "x", value: 12345, href: "x/")], format: .italianForTests)
        #expect(ChartXML(thousands).texts.contains("12.345"))
    }
}

/// What the charts write, as text: the writers append to a buffer, these tests read strings.
private func escape(_ text: String) -> String {
    var out = ByteBuffer()
    SVG.append(escaped: text, to: &out)
    return out.text
}

private func number(_ value: Double) -> String {
    var out = ByteBuffer()
    SVG.append(value, to: &out)
    return out.text
}

private func seriesClass(_ index: Int) -> String { "series-\(SVG.seriesNumber(index))" }
