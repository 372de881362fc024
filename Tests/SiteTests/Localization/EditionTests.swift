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
        let it = try Self.edition(.it), en = try Self.edition(.en)
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
        let it = try Self.edition(.it), en = try Self.edition(.en)
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
        try #"{"locale": "en_US", "name": "English", \#(numbers), "labels": {}, "plurals": {}, "units": {}}"#
            .write(toFile: folder + "/en.json", atomically: false, encoding: .utf8)
        #expect {
            _ = try Localization.load(directory: folder, language: .en)
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
        let edition = Edition(localization: try Localization.load(directory: folder, language: .en))
        #expect(edition.number(12345.678) == "12’345.678")
        try text.replacingOccurrences(of: #""minimum_grouping_digits": 1"#, with: #""minimum_grouping_digits": 0"#)
            .write(toFile: table, atomically: false, encoding: .utf8)
        #expect {
            _ = try Localization.load(directory: folder, language: .en)
        } throws: { error in
            "\(error)".contains("minimum_grouping_digits")
        }
    }

    /// The strings catalogue.js reads sit in an extra table; a missing one fails the build instead of printing
    /// "[results_one]" on every page.
    @Test func missingScriptStringFailsTheLoad() throws {
        let folder = SiteFixtures.temporaryFolder()
        let source = SiteFixtures.repositoryRoot + "/Resources/i18n"
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
        }
        let table = folder + "/en.catalogue.json"
        let text = SiteFixtures.read(table)
        let edited = text.replacingOccurrences(of: "\"results_one\"", with: "\"results_one_renamed\"")
        #expect(edited != text)
        try edited.write(toFile: table, atomically: false, encoding: .utf8)
        #expect {
            _ = try Localization.load(directory: folder, language: .en)
        } throws: { error in
            "\(error)".contains("labels.results_one")
        }
        _ = try Localization.load(directory: folder, language: .it)
    }
}
