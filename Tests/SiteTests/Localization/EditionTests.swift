import Catalogue
import Foundation
import Testing

@testable import Site

@Suite struct EditionTests {
    static func edition(_ language: Language) throws -> Edition {
        Edition(
            localization: try Localization.load(
                directory: SiteFixtures.repositoryRoot + "/Resources/i18n", language: language))
    }

    @Test func figuresWithUnits() throws {
        let it = try Self.edition("it"), en = try Self.edition("en")
        #expect(it.measure(498.4, unit: "cc") == "498,4 cm³")
        #expect(en.measure(498.4, unit: "cc") == "498.4 cm³")
        #expect(it.power(Power(peak: 48, rpm: 6250)) == "48 CV a 6250 giri/min")
        #expect(en.power(Power(peak: 48, rpm: 6250)) == "48 hp at 6,250 rpm")
        #expect(en.power(Power(peak: 8.5, rpm: nil)) == "8.5 hp")
        #expect(en.power(nil) == nil)
        #expect(it.compression(9.8) == "9,8 : 1")
        #expect(en.compression(9.8) == "9.8 : 1")
        #expect(it.measure(3.5, unit: "l100km") == "3,5 l/100 km")
        #expect(en.measure(nil, unit: "kg") == nil)
    }

    @Test func yearsAndPlurals() throws {
        let it = try Self.edition("it"), en = try Self.edition("en")
        #expect(en.years(GeneralInfo(family: nil, name: "N", firstYear: 1921, lastYear: 1924)) == "1921–1924")
        #expect(en.years(GeneralInfo(family: nil, name: "N", firstYear: 2019, lastYear: nil)) == "2019–")
        #expect(en.plural("images", count: 1) == "1 photo")
        #expect(en.plural("images", count: 4) == "4 photos")
        #expect(en.plural("images", count: 0) == "0 photos")
        #expect(it.plural("images", count: 1) == "1 foto")
        #expect(en.plural("motorcycles", count: 1148) == "1,148 motorcycles")
        #expect(it.plural("motorcycles", count: 12148) == "12.148 moto")
    }

    @Test func missingLabelFailsWithThePath() throws {
        let folder = SiteFixtures.temporaryFolder()
        let numbers = #""numbers": {"decimal_separator": ".", "grouping_separator": ",", "minimum_grouping_digits": 1}"#
        try
            #"{"locale": "en_US", "name": "English", "fallback": [], "plural_rules": {}, \#(numbers), "labels": {}, "plurals": {}, "units": {}}"#
            .write(toFile: folder + "/en.json", atomically: false, encoding: .utf8)
        #expect {
            _ = try Localization.load(directory: folder, language: "en")
        } throws: { error in
            let text = "\(error)"
            return text.contains(folder + "/en.json") && text.contains("labels.site_title")
        }
    }

    /// Number conventions are data: a table states its separators and grouping, and a bad one fails the load.
    @Test func numberConventionsComeFromTheTable() throws {
        let folder = SiteFixtures.temporaryFolder()
        let source = SiteFixtures.repositoryRoot + "/Resources/i18n"
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
        }
        let table = folder + "/en.json"
        let text = SiteFixtures.read(table)
        let swiss = text.replacingOccurrences(of: #""grouping_separator": ",""#, with: #""grouping_separator": "’""#)
        #expect(swiss != text)
        try swiss.write(toFile: table, atomically: false, encoding: .utf8)
        let edition = Edition(localization: try Localization.load(directory: folder, language: "en"))
        #expect(edition.number(12345.678) == "12’345.678")
        try text.replacingOccurrences(of: #""minimum_grouping_digits": 1"#, with: #""minimum_grouping_digits": 0"#)
            .write(toFile: table, atomically: false, encoding: .utf8)
        #expect {
            _ = try Localization.load(directory: folder, language: "en")
        } throws: { error in
            "\(error)".contains("minimum_grouping_digits")
        }
    }

    /// The strings catalogue.js reads sit in an extra table and are printed by `partials/ui-strings.json`; a
    /// missing one fails the build with the template's place instead of printing "[results_one]" on every page.
    @Test func missingScriptStringFailsTheBuild() throws {
        let folder = SiteFixtures.temporaryFolder()
        try FileManager.default.copyItem(
            atPath: SiteFixtures.repositoryRoot + "/Resources", toPath: folder + "/Resources")
        let table = folder + "/Resources/i18n/en.catalogue.json"
        let text = SiteFixtures.read(table)
        let edited = text.replacingOccurrences(of: "\"results_one\"", with: "\"results_one_renamed\"")
        #expect(edited != text)
        try edited.write(toFile: table, atomically: false, encoding: .utf8)
        var options = SiteFixtures.buildOptions(output: folder + "/site")
        options.resourcesPath = folder + "/Resources"
        #expect {
            _ = try SiteBuilder.build(options)
        } throws: { error in
            let text = "\(error)"
            return text.contains("partials/ui-strings.json") && text.contains("results_one")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/site/en/index.html"))
    }

    /// Every label a page needs is required, the facets' included: a missing one fails the build naming the table
    /// and the key, and leaves the output as it was (it would have published a folder named "[slug_family]").
    @Test(arguments: [
        ("en.browse.json", "\"slug_family\"", "labels.slug_family"),
        ("it.browse.json", "\"facet_power\"", "labels.facet_power"),
        ("en.browse.json", "\"browse_title\"", "labels.browse_title"),
        ("en.catalogue.json", "\"keep_title\"", "missing label \"keep_title\""),
    ])
    func aMissingLabelFailsTheBuildNamingTheTableAndTheKey(file: String, key: String, expected: String) throws {
        let folder = SiteFixtures.temporaryFolder()
        try FileManager.default.copyItem(
            atPath: SiteFixtures.repositoryRoot + "/Resources", toPath: folder + "/Resources")
        var options = SiteFixtures.buildOptions(output: folder + "/site")
        options.resourcesPath = folder + "/Resources"
        _ = try SiteBuilder.build(options)
        let before = BuildTests.snapshot(folder + "/site")
        let table = folder + "/Resources/i18n/" + file
        let text = SiteFixtures.read(table)
        let edited = text.replacingOccurrences(of: key + ":", with: "\"unused_\(key.dropFirst())" + ":")
        #expect(edited != text)
        try edited.write(toFile: table, atomically: false, encoding: .utf8)
        let lang = String(file.prefix(2))
        #expect {
            _ = try SiteBuilder.build(options)
        } throws: { error in
            let text = "\(error)"
            return text.contains(expected) && text.contains("/Resources/i18n/\(lang)")
                && text.contains("in this file or a \(lang).<part>.json beside it")
        }
        #expect(BuildTests.snapshot(folder + "/site") == before)
    }

    /// A key may be defined once in an edition's tables: a second definition, of a label or a plural, in a feature
    /// table names both files, whichever of them holds the first.
    @Test(arguments: [("labels", "site_title", "en.json"), ("plurals", "results", "en.catalogue.json")])
    func aKeyDefinedTwiceNamesBothFiles(kind: String, key: String, first: String) throws {
        let folder = SiteFixtures.temporaryFolder()
        try FileManager.default.copyItem(
            atPath: SiteFixtures.repositoryRoot + "/Resources/i18n", toPath: folder + "/i18n")
        let table = folder + "/i18n/en.photos.json"
        var root = try #require(
            try JSONSerialization.jsonObject(with: Data(SiteFixtures.read(table).utf8)) as? [String: Any])
        var entries = root[kind] as? [String: Any] ?? [:]
        entries[key] = kind == "labels" ? "Again" : ["one": "{n} again", "other": "{n} agains"]
        root[kind] = entries
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: table))
        #expect {
            _ = try Localization.load(directory: folder + "/i18n", language: "en")
        } throws: { error in
            let text = "\(error)"
            return text.contains("en.photos.json") && text.contains("\"\(key)\" is already defined in")
                && text.contains("/i18n/" + first)
        }
    }

    /// Plural rules are data: a rule with an operand or operator this subset does not read fails the load with
    /// the file's name, and every plural needs a form for every category the rules name.
    @Test func pluralRulesComeFromTheTable() throws {
        let rules = try PluralRules(["one": "i = 0 or i = 1"], path: "fr.json")
        #expect([0, 1, 2, 10, 1000].map(rules.category) == ["one", "one", "other", "other", "other"])
        let english = try PluralRules(["one": "i = 1 and v = 0"], path: "en.json")
        #expect([0, 1, 2].map(english.category) == ["other", "one", "other"])
        let ranges = try PluralRules(["one": "n = 0..1", "few": "n = 2..4,7 and n != 3"], path: "x.json")
        #expect(
            (0...8).map(ranges.category) == ["one", "one", "few", "other", "few", "other", "other", "few", "other"])
        #expect(ranges.requiredCategories == ["one", "few", "other"])
        for (rule, complaint) in [
            ("i % 10 = 1", "unsupported operator \"%\""), ("f = 0", "unsupported operand \"f\""),
            ("i = 1 and", "a relation needs"), ("i = x", "unsupported value \"x\""),
            ("i = 1 xor i = 2", "unsupported word \"xor\""), ("", "empty rule"),
        ] {
            #expect {
                _ = try PluralRules(["one": rule], path: "/tmp/xx.json")
            } throws: { error in
                let text = "\(error)"
                return text.hasPrefix("/tmp/xx.json: error: plural_rules.one: ") && text.contains(complaint)
            }
        }
        #expect(throws: SiteError.self) { try PluralRules(["single": "i = 1"], path: "x.json") }

        let folder = SiteFixtures.temporaryFolder()
        let source = SiteFixtures.repositoryRoot + "/Resources/i18n"
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
        }
        let table = folder + "/en.json"
        let text = SiteFixtures.read(table)
        let withTwo = text.replacingOccurrences(
            of: #""one": "i = 1 and v = 0""#, with: #""one": "i = 1", "two": "i = 2""#)
        #expect(withTwo != text)
        try withTwo.write(toFile: table, atomically: false, encoding: .utf8)
        #expect {
            _ = try Localization.load(directory: folder, language: "en")
        } throws: { error in
            let text = "\(error)"
            return text.contains(table) && text.contains("plurals.images.two")
                && text.contains("plurals.motorcycles.two")
        }
    }

    /// The set of editions is `editions.json`: its order, its default, and a clear error for a bad one.
    @Test func editionsComeFromTheList() throws {
        let editions = try Editions.load(directory: SiteFixtures.repositoryRoot + "/Resources/i18n")
        #expect(editions.languages == ["it", "en"])
        #expect(editions.defaultLanguage == "en")
        #expect(editions["it"]?.localization.fallbacks == ["en"])
        #expect(editions[page: nil].language == "en")
        let folder = SiteFixtures.temporaryFolder()
        let source = SiteFixtures.repositoryRoot + "/Resources/i18n"
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
        }
        for (list, complaint) in [
            (#"{"editions": ["it", "en"], "default": "fr"}"#, #"the default edition "fr" is not one of it, en"#),
            (#"{"editions": ["it", "it"], "default": "it"}"#, "an edition is listed twice"),
            (#"{"editions": ["it", "../en"], "default": "it"}"#, #""../en" is not a language code"#),
            (#"{"editions": ["it", "de"], "default": "it"}"#, folder + "/de.json: error: cannot read the file"),
            (#"{"editions": []}"#, #"expected an object with "editions""#),
            // Read by the catalogue's own JSON parser: where and why, and no trailing commas.
            (
                "{\n  \"editions\": [\"it\", \"en\",],\n  \"default\": \"it\"}",
                "editions.json: error: not valid JSON: line 2, column 26: trailing comma before ']'"
            ),
            // and no key defined twice.
            (
                "{\"editions\": [\"it\"],\n \"default\": \"it\",\n \"default\": \"en\"}",
                #"editions.json: error: not valid JSON: line 3, column 2: key "default" appears twice (first at line 2)"#
            ),
        ] {
            try list.write(toFile: folder + "/editions.json", atomically: false, encoding: .utf8)
            #expect {
                _ = try Editions.load(directory: folder)
            } throws: { error in
                "\(error)".contains(complaint)
            }
        }
    }
}
