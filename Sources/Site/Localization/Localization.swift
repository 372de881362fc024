import Catalogue
import Files
import Foundation
import Templating

/// The labels, plurals and unit names of one edition, read from `Resources/i18n/<lang>.json`.
///
/// Kept as data rather than Swift so that a translator can fix a label without a rebuild of the tool.
public struct Localization: Sendable {
    public let language: Language
    /// ICU locale identifier for number formatting (`it_IT`, `en_US`).
    public let locale: String
    /// The language's own name ("Italiano", "English"), for the switcher.
    public let name: String
    /// The languages whose dataset texts stand in, in this order, for a text the dataset lacks in this one.
    public let fallbacks: [Language]
    /// Which plural form a count takes (`plural_rules`).
    public let pluralRules: PluralRules
    /// How this edition writes numbers, from the table's `numbers` object.
    public let numbers: NumberFormat
    public let labels: [String: String]
    let plurals: [String: [String: String]]
    let units: [String: String]

    public init(
        language: Language, locale: String, name: String, fallbacks: [Language], pluralRules: PluralRules,
        numbers: NumberFormat, labels: [String: String], plurals: [String: [String: String]], units: [String: String]
    ) {
        self.language = language
        self.locale = locale
        self.name = name
        self.fallbacks = fallbacks
        self.pluralRules = pluralRules
        self.numbers = numbers
        self.labels = labels
        self.plurals = plurals
        self.units = units
    }

    /// The parsed contents of one file of `Resources/i18n`, or an error that names it.
    static func readJSON(at path: String) throws(SiteError) -> Any {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .localization(path: path, message: "cannot read the file")
        }
        switch PlainJSON.parse([UInt8](data)) {
        case .success(let object): return object
        case .failure(let error): throw .localization(path: path, message: "not valid JSON: \(error)")
        }
    }

    /// Reads and checks one table; every key the site uses must be present so a typo fails the build, not the page.
    public static func load(directory: String, language: Language) throws(SiteError) -> Localization {
        let path = directory + "/" + language.rawValue + ".json"
        let object = try Localization.readJSON(at: path)
        guard let root = object as? [String: Any],
            let locale = root["locale"] as? String,
            let name = root["name"] as? String,
            let fallbacks = root["fallback"] as? [String],
            let pluralRules = root["plural_rules"] as? [String: String],
            let labels = root["labels"] as? [String: String],
            let plurals = root["plurals"] as? [String: [String: String]],
            let units = root["units"] as? [String: String],
            let numbers = root["numbers"] as? [String: Any],
            let decimal = numbers["decimal_separator"] as? String, !decimal.isEmpty,
            let grouping = numbers["grouping_separator"] as? String,
            let groupingDigits = numbers["minimum_grouping_digits"] as? Int, (1...4).contains(groupingDigits)
        else {
            throw .localization(
                path: path,
                message: "expected an object with \"locale\", \"name\", \"fallback\" (language codes), "
                    + "\"plural_rules\" (conditions by category), \"numbers\" (\"decimal_separator\", "
                    + "\"grouping_separator\", \"minimum_grouping_digits\" from 1 to 4), \"labels\" (strings), "
                    + "\"plurals\" and \"units\"")
        }
        if let stated = root["language"], stated as? String != language.rawValue {
            throw .localization(path: path, message: "\"language\" must be \"\(language.rawValue)\", the file's name")
        }
        var allLabels = labels
        var allPlurals = plurals
        // Where each key was first defined, so a second definition names the file of the first.
        var labelFiles = labels.mapValues { _ in path }
        var pluralFiles = plurals.mapValues { _ in path }
        for extra in try extraTables(directory: directory, language: language) {
            for (key, value) in extra.labels.sorted(by: { $0.key < $1.key }) {
                if let first = labelFiles[key] {
                    throw .localization(path: extra.path, message: "label \"\(key)\" is already defined in \(first)")
                }
                allLabels[key] = value
                labelFiles[key] = extra.path
            }
            for (key, forms) in extra.plurals.sorted(by: { $0.key < $1.key }) {
                if let first = pluralFiles[key] {
                    throw .localization(path: extra.path, message: "plural \"\(key)\" is already defined in \(first)")
                }
                allPlurals[key] = forms
                pluralFiles[key] = extra.path
            }
        }
        let format = NumberFormat(
            decimalSeparator: decimal, groupingSeparator: grouping, minimumGroupingDigits: groupingDigits)
        let rules = try PluralRules(pluralRules, path: path)
        let table = Localization(
            language: language, locale: locale, name: name, fallbacks: fallbacks.map { Language($0) },
            pluralRules: rules, numbers: format, labels: allLabels, plurals: allPlurals, units: units)
        // Every plural a table defines needs a form for each category its rules name, not only the required ones.
        let pluralKeys: [String] = Set(swiftPlurals + allPlurals.keys).sorted()
        var missing: [String] = swiftLabels.sorted().filter { allLabels[$0] == nil }.map { "labels.\($0)" }
        missing += requiredUnits.filter { units[$0] == nil }.map { "units.\($0)" }
        for key in pluralKeys {
            missing += rules.requiredCategories.filter { allPlurals[key]?[$0] == nil }.map { "plurals.\(key).\($0)" }
        }
        if !missing.isEmpty {
            throw .localization(
                path: path,
                message: "missing " + missing.joined(separator: ", ")
                    + " (in this file or a \(language.rawValue).<part>.json beside it)")
        }
        return table
    }

    /// Feature tables `<lang>.<feature>.json` (e.g. `en.catalogue.json`) with their own `labels` and `plurals`,
    /// so each part of the site keeps its strings next to each other; a key may be defined only once.
    static func extraTables(directory: String, language: Language) throws(SiteError) -> [(
        path: String, labels: [String: String], plurals: [String: [String: String]]
    )] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter {
                $0.hasPrefix(language.rawValue + ".") && $0.hasSuffix(".json") && $0 != language.rawValue + ".json"
            }
            .sorted()
        var tables: [(path: String, labels: [String: String], plurals: [String: [String: String]])] = []
        for name in names {
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path),
                let root = try? PlainJSON.parse([UInt8](data)).get() as? [String: Any],
                let labels = (root["labels"] ?? [String: String]()) as? [String: String],
                let plurals = (root["plurals"] ?? [String: [String: String]]()) as? [String: [String: String]]
            else {
                throw .localization(path: path, message: "expected a JSON object with \"labels\" and \"plurals\"")
            }
            tables.append((path, labels, plurals))
        }
        return tables
    }

    /// A label. The tables have every label the Swift code reads (`swiftLabels`, checked by `load`), so a missing
    /// one fails the build before any page is drawn; a debug build stops on a read of a label not listed there.
    public subscript(key: String) -> String {
        assert(Self.swiftLabels.contains(key), "the label \"\(key)\" is read but not in Localization.swiftLabels")
        return labels[key] ?? "[\(key)]"
    }

    /// A label with `{name}` placeholders filled in.
    public func format(_ key: String, _ values: KeyValuePairs<String, String>) -> String {
        Localization.fill(self[key], values)
    }

    /// "1 photo" / "3 photos": the form of the category the edition's `plural_rules` give the count.
    public func plural(_ key: String, count: Int, formatted: String) -> String {
        assert(Self.swiftPlurals.contains(key), "the plural \"\(key)\" is read but not in Localization.swiftPlurals")
        let forms = plurals[key] ?? [:]
        let form = forms[pluralRules.category(count)] ?? forms["other"] ?? "{n}"
        return Localization.fill(form, ["n": formatted])
    }

    public func unit(_ key: String) -> String { units[key] ?? key }

    /// Replaces `{name}` placeholders in one pass; unknown placeholders stay as they are.
    ///
    /// On UTF-8 bytes, in place: `{` and `}` are ASCII, and searching a Substring by Character walked grapheme
    /// clusters (a tenth of a motorcycle page). The values come as ordered pairs, not a dictionary: a label has
    /// one to five placeholders, and hashing the names on the way in and again for every placeholder was most
    /// of the cost of the some thousand labels a build fills.
    static func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var template = template
        return template.withUTF8 { bytes -> String in
            guard let firstOpen = bytes.firstIndex(of: UInt8(ascii: "{")) else {
                return String(decoding: bytes, as: UTF8.self)
            }
            var result = ByteBuffer(capacity: bytes.count + 32)
            var index = 0
            var open = firstOpen
            while true {
                result.append(UnsafeBufferPointer(rebasing: bytes[index..<open]))
                guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else {
                    index = open
                    break
                }
                let name = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
                if let value = values.first(where: { $0.key.utf8.elementsEqual(name) })?.value {
                    result.append(utf8: value)
                } else {
                    result.append(UnsafeBufferPointer(rebasing: bytes[open...close]))
                }
                index = close + 1
                guard let next = bytes[index...].firstIndex(of: UInt8(ascii: "{")) else { break }
                open = next
            }
            result.append(UnsafeBufferPointer(rebasing: bytes[index...]))
            return result.text
        }
    }

    static let requiredUnits = ["mm", "cc", "hp", "rpm", "kg", "l", "kmh", "l100km"]
}
