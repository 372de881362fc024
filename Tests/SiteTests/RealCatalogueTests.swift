import Catalogue
import Foundation
import Testing

@testable import Site

/// The real Guzzi Tracker dataset, when it is beside the repository (it always is in CI).
///
/// Every expectation is derived from the file itself, read here with Foundation's parser and formatted with
/// Foundation's `NumberFormatter` (what the app used), so the suite still holds when `guzzi-site update` brings a
/// newer dataset.
@Suite(.serialized) struct RealCatalogueTests {
    static let site: (out: String, catalogue: Catalogue)? = {
        guard let data = SiteFixtures.realDatasetPath else { return nil }
        let out = SiteFixtures.temporaryFolder() + "/real"
        guard (try? SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out))) != nil,
            let loaded = try? Catalogue.load(contentsOf: data)
        else { return nil }
        return (out, loaded.catalogue)
    }()

    /// The built site, its catalogue, and the file's elements as Foundation reads them.
    static var built: (out: String, catalogue: Catalogue, elements: [[String: Any]])? {
        guard let site, let data = SiteFixtures.realDatasetPath,
            let bytes = FileManager.default.contents(atPath: data),
            let root = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any],
            let elements = root["elements"] as? [[String: Any]]
        else { return nil }
        return (site.out, site.catalogue, elements)
    }

    static let isPresent = SiteFixtures.realDatasetPath != nil

    @Test(.enabled(if: isPresent))
    func everyMotorcycleHasItsPageInEachEdition() throws {
        let built = try #require(Self.built)
        #expect(built.catalogue.motorcycles.count == built.elements.count)
        for lang in ["it", "en"] {
            let pages = try FileManager.default.contentsOfDirectory(atPath: built.out + "/\(lang)/moto")
            #expect(pages.count == built.elements.count)
        }
    }

    /// A figure as the app showed it: decimal style, up to three fraction digits, the locale's separators.
    static func appFormat(_ value: Double, _ locale: String) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = 3
        return formatter.string(from: NSNumber(value: value))!
    }

    /// The unit names of an edition, read from its localisation table.
    static func units(_ lang: String) throws -> [String: String] {
        let path = SiteFixtures.repositoryRoot + "/Resources/i18n/\(lang).json"
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return try #require(root["units"] as? [String: String])
    }

    static func number(_ object: Any?, _ path: String) -> Double? {
        var value: Any? = object
        for key in path.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
        guard let number = value as? NSNumber, number.doubleValue != 0 else { return nil }
        return number.doubleValue
    }

    /// The text of the spec cell in row `key` of a motorcycle page, tags removed; a missing figure reads as the
    /// words a screen reader says (the dash beside them is hidden from it).
    static func cell(_ html: String, _ key: String) -> String? {
        guard let row = html.range(of: "<tr class=\"row-\(key)\">"),
            let td = html.range(of: "<td", range: row.upperBound..<html.endIndex),
            let open = html.range(of: ">", range: td.upperBound..<html.endIndex),
            let close = html.range(of: "</td>", range: open.upperBound..<html.endIndex)
        else { return nil }
        return String(html[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "<span aria-hidden=\"true\">—</span>", with: "")
            .replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
    }

    /// Every numeric field of every motorcycle, formatted for each locale, is on its page exactly as stated.
    @Test(.enabled(if: isPresent), arguments: [("it", "it_IT"), ("en", "en_US")])
    func everyFigureIsOnItsPageAsTheDataStatesIt(lang: String, locale: String) throws {
        let built = try #require(Self.built)
        let units = try Self.units(lang)
        let slugs = Permalinks.slugs(for: built.catalogue.motorcycles)
        let fields: [(row: String, path: String, unit: String)] = [
            ("bore", "engine.bore", "mm"), ("stroke", "engine.stroke", "mm"),
            ("displacement_real", "engine.displacement.real", "cc"),
            ("displacement_nominal", "engine.displacement.nominal", "cc"), ("wheelbase", "frame.wheelbase", "mm"),
            ("front_brake", "brakes.front_size", "mm"), ("rear_brake", "brakes.rear_size", "mm"),
            ("fuel_capacity", "capacities_performances.fuel_capacity", "l"),
            ("lubricant_capacity", "capacities_performances.lubricant_capacity", "l"),
            ("weight", "capacities_performances.weight", "kg"),
            ("max_speed", "capacities_performances.max_speed", "kmh"),
            ("fuel_consumption", "capacities_performances.fuel_consumption", "l100km"),
        ]
        let notStated = lang == "it" ? "non indicato" : "not stated"
        var checked = 0
        for element in built.elements {
            let id = try #require(element["id"] as? Int)
            let html = SiteFixtures.read(built.out + "/\(lang)/moto/\(slugs[id]!)/index.html")
            let name = "\(id)"
            for field in fields {
                let expected = Self.number(element, field.path).map {
                    Self.appFormat($0, locale) + " " + units[field.unit]!
                }
                #expect(Self.cell(html, field.row) == (expected ?? notStated), "\(name) \(field.path)")
                checked += 1
            }
            let compression = Self.number(element, "engine.compression").map { Self.appFormat($0, locale) + " : 1" }
            #expect(Self.cell(html, "compression") == (compression ?? notStated), "\(name) compression")
            if let peak = Self.number(element, "engine.power.peak") {
                var power = Self.appFormat(peak, locale) + " " + units["hp"]!
                if let rpm = Self.number(element, "engine.power.rpm") {
                    power += (lang == "it" ? " a " : " at ") + Self.appFormat(rpm, locale) + " " + units["rpm"]!
                }
                #expect(Self.cell(html, "power") == power, "\(name) power")
            } else {
                #expect(Self.cell(html, "power") == notStated, "\(name) power")
            }
            checked += 2
        }
        #expect(checked == built.elements.count * (fields.count + 2))
    }

    /// The figures repeated elsewhere — meta description, JSON-LD, catalogue list, index.json, charts table —
    /// are the page's own, unrounded.
    @Test(.enabled(if: isPresent), arguments: [("it", "it_IT"), ("en", "en_US")])
    func repeatedFiguresAreUnroundedToo(lang: String, locale: String) throws {
        let built = try #require(Self.built)
        let units = try Self.units(lang)
        let slugs = Permalinks.slugs(for: built.catalogue.motorcycles)
        let catalogue = SiteFixtures.read(built.out + "/\(lang)/index.html")
        let charts = try #require(
            try FileManager.default.contentsOfDirectory(atPath: built.out + "/\(lang)").lazy
                .map { SiteFixtures.read(built.out + "/\(lang)/\($0)/index.html") }
                .first { $0.contains("id=\"chart-displacement-title\"") && $0.contains("id=\"chart-power-title\"") })
        let index = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: built.out + "/\(lang)/index.json"))) as? [String: Any])
        let rows = try #require(index["motorcycles"] as? [[String: Any]])
        for element in built.elements {
            let id = try #require(element["id"] as? Int)
            guard let real = Self.number(element, "engine.displacement.real") else { continue }
            let text = Self.appFormat(real, locale) + " " + units["cc"]!
            let html = SiteFixtures.read(built.out + "/\(lang)/moto/\(slugs[id]!)/index.html")
            let description = try #require(
                html.components(separatedBy: "<meta name=\"description\" content=\"").dropFirst().first?
                    .components(separatedBy: "\"").first)
            #expect(description.contains(text), "\(id) description")
            #expect(
                html.contains("\"engineDisplacement\":{\"@type\":\"QuantitativeValue\",\"value\":\(real.cleanJSON)"))
            #expect(catalogue.contains(">\(text)<"), "\(id) catalogue")
            #expect(charts.contains(">\(text)<"), "\(id) charts")
            let row = try #require(rows.first { ($0["id"] as? Int) == id })
            #expect(row["displacement_text"] as? String == text, "\(id) index.json")
        }
    }

    @Test(.enabled(if: isPresent))
    func textsAreOnThePageInTheirLanguage() throws {
        let built = try #require(Self.built)
        let slugs = Permalinks.slugs(for: built.catalogue.motorcycles)
        for bike in built.catalogue.motorcycles {
            for (lang, language, fallbacks) in [("it", Language("it"), [Language("en")]), ("en", "en", ["it"])] {
                let html = SiteFixtures.read(built.out + "/\(lang)/moto/\(slugs[bike.id]!)/index.html")
                let escaped = { (text: String) in
                    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&#39;")
                        .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
                        .replacingOccurrences(of: ">", with: "&gt;")
                }
                #expect(html.contains(escaped(bike.general.name)))
                if let configuration = bike.engine.configuration.resolved(for: language, fallbacks: fallbacks) {
                    #expect(html.contains(escaped(configuration.text)), "\(bike.id) \(lang)")
                }
            }
        }
    }
}

extension Double {
    /// How a JSON writer that keeps the shortest form prints the number (`498.4`, `500`).
    fileprivate var cleanJSON: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : description
    }
}
