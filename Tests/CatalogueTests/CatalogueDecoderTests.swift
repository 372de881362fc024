import Foundation
import Testing

@testable import Catalogue

@Suite struct CatalogueDecoderTests {
    private let valid = Fixture.document(ids: [1, 2])

    private func errors(_ text: String) -> [String] {
        Fixture.decode(text).errors.map(\.description)
    }

    // MARK: Valid documents

    @Test func decodesAValidDocument() throws {
        let result = Fixture.decode(valid)
        #expect(result.problems.isEmpty)
        let catalogue = try #require(result.catalogue)
        #expect(catalogue.version == 1)
        #expect(catalogue.motorcycles.map(\.id) == [1, 2])
        let bike = catalogue.motorcycles[0]
        #expect(bike.general == GeneralInfo(family: "Falcone", name: "Falcone Sport", firstYear: 1950, lastYear: 1963))
        #expect(bike.engine.bore == 88)
        #expect(bike.engine.displacementReal == 498.4)
        #expect(bike.engine.power == Power(peak: 23, rpm: 4500))
        #expect(bike.engine.feed == LocalizedText(["it": "engine_feed 1 it", "en": "engine_feed 1 en"]))
        #expect(bike.transmission.finalDrive["en"] == "transmission_final_drive 1 en")
        #expect(bike.brakes.notes == .empty)
        #expect(bike.brakes.frontSize == 220)
        #expect(bike.brakes.rearSize == nil)
        #expect(bike.capacities.fuelConsumption == nil)
        #expect(bike.frame.tyres == "3.50-19")
        #expect(bike.notes["it"] == "notes 1 it")
        #expect(bike.images == ["https://live.staticflickr.com/65535/51234098765_9b8a7c6d5e_b.jpg"])
    }

    @Test func imagesMayBeNullEmptyOrAbsent() throws {
        let null = Fixture.replacing(
            #"["https://live.staticflickr.com/65535/51234098765_9b8a7c6d5e_b.jpg"]"#, with: "null", in: valid)
        let empty = Fixture.replacing(
            #"["https://live.staticflickr.com/65535/51234098765_9b8a7c6d5e_b.jpg"]"#, with: "[]", in: valid)
        let absent = Fixture.replacing(
            ",\n            \"images\": [\"https://live.staticflickr.com/65535/51234098765_9b8a7c6d5e_b.jpg\"]",
            with: "",
            in: valid)
        for text in [null, empty, absent] {
            let result = Fixture.decode(text)
            #expect(result.problems.isEmpty)
            #expect(try #require(result.catalogue).motorcycles[0].images == [])
        }
    }

    @Test func nullsWhereTheSchemaAllowsThem() throws {
        var text = Fixture.replacing(#""power": {"peak": 23, "rpm": 4500}"#, with: #""power": null"#, in: valid)
        text = Fixture.replacing(#""last_year": 1963"#, with: #""last_year": null"#, in: text)
        text = Fixture.replacing(#""family": "Falcone""#, with: #""family": null"#, in: text)
        text = Fixture.replacing(#""feed": "engine_feed""#, with: #""feed": null"#, in: text)
        let result = Fixture.decode(text)
        #expect(result.problems.isEmpty)
        let bike = try #require(result.catalogue).motorcycles[0]
        #expect(bike.engine.power == nil)
        #expect(bike.general.lastYear == nil)
        #expect(bike.general.family == nil)
        #expect(bike.engine.feed == .empty)
    }

    @Test func unknownKeysAreIgnored() {
        var text = Fixture.replacing(#""id": 1,"#, with: #""id": 1, "colour": {"it": "rosso"}, "#, in: valid)
        text = Fixture.replacing(#""version": 1,"#, with: #""version": 1, "generator": "x","#, in: text)
        #expect(Fixture.decode(text).problems.isEmpty)
    }

    // MARK: Syntax

    @Test func syntaxErrorIsTheOnlyProblem() throws {
        let result = CatalogueDecoder.decode(try Fixture.bytes("missing-comma.json"))
        #expect(result.catalogue == nil)
        #expect(
            result.problems == [
                Problem(
                    severity: .error, path: "", line: 4, column: 28,
                    message: "expected ',' or '}' after an object member, found '\"'")
            ])
        #expect(
            result.problems[0].description
                == #"error: line 4, column 28: expected ',' or '}' after an object member, found '"'"#)
    }

    @Test func duplicateKeysAreErrorsWithTheirPath() {
        let text = Fixture.replacing(#""bore": 88,"#, with: #""bore": 88, "bore": 90,"#, in: valid)
        let position = Fixture.position(of: #""bore": 90"#, in: text)
        let first = Fixture.position(of: #""bore": 88"#, in: text)
        #expect(
            errors(text) == [
                "error: elements[0].engine.bore: duplicate key \"bore\"; the first one, at line \(first.line), column \(first.column), is used (line \(position.line), column \(position.column))"
            ])
    }

    // MARK: Types and missing keys

    @Test func wrongTypeGivesPathAndFoundText() {
        let ids = Array(1...13)
        let text = Fixture.replacing(
            #""bore": 88,"#, with: #""bore": "88","#, in: Fixture.document(ids: ids), occurrence: 12)
        let position = Fixture.position(of: #""88""#, in: text)
        let result = Fixture.decode(text)
        #expect(result.catalogue == nil)
        #expect(
            result.errors == [
                Problem(
                    severity: .error, path: "elements[12].engine.bore", line: position.line, column: position.column,
                    message: #"expected a number, found "88""#)
            ])
        #expect(
            result.errors.first?.description
                == "error: elements[12].engine.bore: expected a number, found \"88\" (line \(position.line), column \(position.column))"
        )
    }

    @Test func missingKeyNamesTheObject() {
        let text = Fixture.replacing(
            #""name": "Falcone Sport", "#, with: "", in: Fixture.document(ids: [1, 2, 3, 4]), occurrence: 3)
        #expect(Fixture.decode(text).errors.map(\.path) == ["elements[3].general_info"])
        #expect(Fixture.decode(text).errors.map(\.message) == [#"missing key "name""#])
    }

    @Test func longFoundValuesAreShortenedToOneLine() {
        let text = Fixture.replacing(
            #""compression": 6.5,"#, with: "\"compression\": {\"a\": [1,\n 2, 3], \"b\": \"a long long long text\"},",
            in: valid)
        #expect(
            Fixture.decode(text).errors.map(\.message) == [
                #"expected a number, found {"a": [1, 2, 3], "b": "a long long long t…"#
            ])
    }

    @Test func integersMustBeWhole() {
        var text = Fixture.replacing(#""id": 2,"#, with: #""id": 1.5,"#, in: valid)
        text = Fixture.replacing(#""first_year": 1950"#, with: #""first_year": "1950""#, in: text)
        text = Fixture.replacing(#""version": 1"#, with: #""version": 1.0e0"#, in: text)
        #expect(
            Fixture.decode(text).errors.map { "\($0.path): \($0.message)" } == [
                #"elements[0].general_info.first_year: expected an integer, found "1950""#,
                "elements[1].id: expected an integer, found 1.5",
            ])
    }

    @Test func rootMustBeAnObjectWithVersion() {
        #expect(
            Fixture.decode("[]").errors.map(\.description) == [
                #"error: line 1, column 1: expected an object with "version", "elements" and "texts", found []"#
            ])
        let noVersion = Fixture.replacing(#""version": 1,"#, with: "", in: valid)
        #expect(Fixture.decode(noVersion).errors.map(\.message) == [#"missing key "version""#])
        let stringVersion = Fixture.replacing(#""version": 1,"#, with: #""version": "25","#, in: valid)
        #expect(
            Fixture.decode(stringVersion).errors.map(\.description) == [
                #"error: version: expected an integer, found "25" (line 2, column 16)"#
            ])
    }

    // MARK: Rules

    @Test func everyProblemIsReportedInDocumentOrder() {
        var text = Fixture.document(ids: [1, 2, 3])
        text = Fixture.replacing(#""stroke_cycle": 4,"#, with: #""stroke_cycle": 3,"#, in: text, occurrence: 0)
        text = Fixture.replacing(#""weight": 170"#, with: #""weight": 0"#, in: text, occurrence: 0)
        text = Fixture.replacing(#""bore": 88,"#, with: #""bore": -88,"#, in: text, occurrence: 1)
        text = Fixture.replacing(#""first_year": 1950"#, with: #""first_year": 1970"#, in: text, occurrence: 1)
        text = Fixture.replacing(#""id": 3,"#, with: #""id": 1,"#, in: text)
        text = Fixture.replacing(#""feed": "engine_feed""#, with: #""feed": "engine_fed""#, in: text, occurrence: 1)
        text = Fixture.replacing(#""rear_size": null"#, with: #""rear_size": -1"#, in: text, occurrence: 2)
        text = Fixture.replacing(#""fuel_consumption": null"#, with: #""fuel_consumption": 0"#, in: text, occurrence: 2)
        let result = Fixture.decode(text)
        #expect(result.catalogue == nil)
        #expect(
            result.errors.map { "\($0.path): \($0.message)" } == [
                "elements[0].engine.stroke_cycle: must be 2 or 4, found 3",
                "elements[1].general_info.last_year: last_year 1963 is before first_year 1970",
                "elements[1].engine.bore: must be greater than zero, found -88",
                "elements[2].id: duplicate id 1, already used by elements[0]",
                "elements[2].brakes.rear_size: must be greater than zero, found -1",
            ])
        // Zeros and a missing text are warnings, in document order with the errors; the texts entry for id 3 is
        // now used by no element.
        #expect(
            result.warnings.map { "\($0.path): \($0.message)" } == [
                "elements[0].capacities_performances.weight: 0 is read as unknown; the site shows it as not stated",
                #"elements[1].engine.feed: text key "engine_fed" has no entry in texts["2"]; shown as not stated"#,
                "elements[2].capacities_performances.fuel_consumption: 0 is read as unknown; the site shows it as "
                    + "not stated",
                #"texts["3"]: no element has id 3; these texts are never shown"#,
            ])
        let lines: [Int] = result.problems.map { $0.line ?? 0 }
        #expect(lines == lines.sorted())
    }

    /// Elements read in several runs on several threads come back in the order of the file.
    @Test func motorcyclesOfManyRunsKeepTheirOrder() throws {
        let count = CatalogueReader.elementsPerRun * 5 + 3
        let result = Fixture.decode(Fixture.document(ids: Array(1...count)))
        #expect(result.problems.isEmpty)
        #expect(try #require(result.catalogue).motorcycles.map(\.id) == Array(1...count))
    }

    /// More elements than one reading run holds: the runs are read on several threads, and the report must be
    /// the one a single pass gives, in file order, with the right lines.
    @Test func problemsOfManyRunsComeInDocumentOrderWithTheirLines() {
        let count = CatalogueReader.elementsPerRun * 3 + 7
        var text = Fixture.document(ids: Array(1...count))
        let broken = [3, count / 2, count - 1]
        for element in broken.reversed() {
            text = Fixture.replacing(#""bore": 88,"#, with: #""bore": -88,"#, in: text, occurrence: element)
        }
        text = Fixture.replacing("\"id\": \(count - 1),", with: #""id": 5,"#, in: text)
        text = Fixture.replacing("\"id\": 1,", with: #""id": "one","#, in: text)
        let result = Fixture.decode(text)
        #expect(result.catalogue == nil)
        #expect(
            result.errors.map { "\($0.path): \($0.message)" } == [
                #"elements[0].id: expected an integer, found "one""#,
                "elements[3].engine.bore: must be greater than zero, found -88",
                "elements[\(count / 2)].engine.bore: must be greater than zero, found -88",
                "elements[\(count - 2)].id: duplicate id 5, already used by elements[4]",
                "elements[\(count - 1)].engine.bore: must be greater than zero, found -88",
            ])
        let bores = result.errors.filter { $0.path.hasSuffix(".bore") }
        #expect(
            bores.map { [$0.line, $0.column] }
                == broken.map { element in
                    let position = Fixture.position(
                        of: #""bore": -88"#, in: text, occurrence: broken.firstIndex(of: element)!)
                    return [position.line, position.column + #""bore": "#.count]
                })
        // Elements 1 and count - 1 lost their ids, so their texts are shown nowhere.
        #expect(result.warnings.map(\.path) == [#"texts["1"]"#, "texts[\"\(count - 1)\"]"])
    }

    @Test(arguments: [
        (#""stroke": 82,"#, #""stroke": -82,"#, "elements[0].engine.stroke: must be greater than zero, found -82"),
        (
            #""real": 498.4"#, #""real": -498.4"#,
            "elements[0].engine.displacement.real: must be greater than zero, found -498.4"
        ),
        (
            #""nominal": 500"#, #""nominal": -1e3"#,
            "elements[0].engine.displacement.nominal: must be greater than zero, found -1e3"
        ),
        (
            #""compression": 6.5"#, #""compression": -6.5"#,
            "elements[0].engine.compression: must be greater than zero, found -6.5"
        ),
        (#""peak": 23"#, #""peak": -1"#, "elements[0].engine.power.peak: must be greater than zero, found -1"),
        (#""rpm": 4500"#, #""rpm": -1"#, "elements[0].engine.power.rpm: must be greater than zero, found -1"),
        (
            #""wheelbase": 1500"#, #""wheelbase": -0.5"#,
            "elements[0].frame.wheelbase: must be greater than zero, found -0.5"
        ),
        (
            #""front_size": 220"#, #""front_size": -220"#,
            "elements[0].brakes.front_size: must be greater than zero, found -220"
        ),
        (
            #""fuel_capacity": 17.5"#, #""fuel_capacity": -2"#,
            "elements[0].capacities_performances.fuel_capacity: must be greater than zero, found -2"
        ),
        (
            #""lubricant_capacity": 3"#, #""lubricant_capacity": -3"#,
            "elements[0].capacities_performances.lubricant_capacity: must be greater than zero, found -3"
        ),
        (
            #""max_speed": 135"#, #""max_speed": -135"#,
            "elements[0].capacities_performances.max_speed: must be greater than zero, found -135"
        ),
        (
            #""weight": 170"#, #""weight": null"#,
            "elements[0].capacities_performances.weight: expected a number, found null"
        ),
        (#""stroke_cycle": 4"#, #""stroke_cycle": 3"#, "elements[0].engine.stroke_cycle: must be 2 or 4, found 3"),
        (
            #""first_year": 1950"#, #""first_year": 1850"#,
            "elements[0].general_info.first_year: year 1850 is outside 1900…2100"
        ),
        (
            #""last_year": 1963"#, #""last_year": 2101"#,
            "elements[0].general_info.last_year: year 2101 is outside 1900…2100"
        ),
        (#""name": "Falcone Sport""#, #""name": " ""#, "elements[0].general_info.name: must not be empty"),
        (#""name": "Falcone Sport""#, #""name": null"#, "elements[0].general_info.name: expected a string, found null"),
        (
            #""family": "Falcone""#, #""family": 7"#,
            "elements[0].general_info.family: expected a string or null, found 7"
        ),
        (
            #""power": {"peak": 23, "rpm": 4500}"#, #""power": 23"#,
            "elements[0].engine.power: expected an object or null, found 23"
        ),
        (#""engine": {"#, #""engine": [], "x": {"#, "elements[0].engine: expected an object, found []"),
        (#""displacement": {"real": 498.4, "nominal": 500},"#, "", #"elements[0].engine: missing key "displacement""#),
        (#""tyres": "3.50-19""#, #""tyres": 3.5"#, "elements[0].frame.tyres: expected a string or null, found 3.5"),
        (
            #""clutch": "transmission_clutch""#, #""clutch": 1"#,
            "elements[0].transmission.clutch: expected a text key (a string), found 1"
        ),
        (
            #""images": ["#, #""images": "https://a.example/x.jpg", "y": ["#,
            #"elements[0].images: expected an array of URLs or null, found "https://a.example/x.jpg""#
        ),
        (#""images": ["#, #""images": [42, "#, "elements[0].images[0]: expected a URL string, found 42"),
    ])
    func ruleViolations(original: String, replacement: String, expected: String) {
        let text = Fixture.replacing(original, with: replacement, in: Fixture.document(ids: [1]))
        #expect(Fixture.decode(text).errors.map { "\($0.path): \($0.message)" } == [expected])
    }

    @Test func twoStrokeCycleIsAccepted() throws {
        let text = Fixture.replacing(#""stroke_cycle": 4"#, with: #""stroke_cycle": 2"#, in: valid)
        #expect(try #require(Fixture.decode(text).catalogue).motorcycles[0].engine.strokeCycle == 2)
    }

    @Test func imageURLsMustBeHTTP() {
        let url = "https://live.staticflickr.com/65535/51234098765_9b8a7c6d5e_b.jpg"
        var text = Fixture.replacing(url, with: "ftp://example.com/a.jpg", in: valid, occurrence: 0)
        text = Fixture.replacing(url, with: "javascript:alert(1)", in: text, occurrence: 0)
        #expect(
            Fixture.decode(text).errors.map { "\($0.path): \($0.message)" } == [
                #"elements[0].images[0]: expected an http(s) URL, found "ftp://example.com/a.jpg""#,
                #"elements[1].images[0]: expected an http(s) URL, found "javascript:alert(1)""#,
            ])
    }

    // MARK: Texts

    @Test func translationGapIsOnlyAWarning() throws {
        let text = Fixture.replacing(#""en": "notes 2 en""#, with: #""en": null"#, in: valid)
        let result = Fixture.decode(text)
        #expect(result.errors.isEmpty)
        let position = Fixture.position(
            of: "null", in: text, occurrence: text.components(separatedBy: "null").count - 2)
        #expect(
            result.warnings.map(\.description) == [
                "warning: texts[\"2\"].notes.en: missing English translation; the Italian text will be shown (line \(position.line), column \(position.column))"
            ])
        let bike = try #require(result.catalogue).motorcycles[1]
        #expect(bike.notes == LocalizedText(["it": "notes 2 it", "en": nil]))
        #expect(bike.notes.resolved(for: "en", fallbacks: ["it"])?.language == "it")
    }

    @Test func emptyOrAbsentTranslationsCountAsMissing() throws {
        var text = Fixture.replacing(#""it": "notes 1 it""#, with: #""it": """#, in: valid)
        text = Fixture.replacing(#", "en": "engine_feed 2 en""#, with: "", in: text)
        let result = Fixture.decode(text)
        #expect(
            result.warnings.map { "\($0.path): \($0.message)" } == [
                #"texts["1"].notes.it: missing Italian translation; the English text will be shown"#,
                #"texts["2"].engine_feed.en: missing English translation; the Italian text will be shown"#,
            ])
        #expect(try #require(result.catalogue).motorcycles[0].notes == LocalizedText(["it": nil, "en": "notes 1 en"]))
    }

    @Test func missingTextsEntryIsReportedOnceAtTheID() {
        let text = Fixture.replacing(#""2": {"#, with: #""7": {"#, in: valid)
        let result = Fixture.decode(text)
        #expect(
            result.problems.map { "\($0.severity): \($0.path): \($0.message)" } == [
                #"warning: elements[1].id: texts has no entry "2" for this id; its texts are shown as not stated"#,
                #"warning: texts["7"]: no element has id 7; these texts are never shown"#,
            ])
    }

    @Test func malformedTranslations() {
        var text = Fixture.replacing(#""it": "engine_feed 1 it""#, with: #""it": 5"#, in: valid)
        text = Fixture.replacing(
            #""notes": {"it": "notes 2 it", "en": "notes 2 en"}"#, with: #""notes": "x""#, in: text)
        text = Fixture.replacing(#""texts": {"#, with: #""texts": {"9": [], "#, in: text)
        #expect(
            Fixture.decode(text).problems.map { "\($0.severity): \($0.path): \($0.message)" } == [
                #"error: texts["9"]: expected an object, found []"#,
                #"error: texts["1"].engine_feed.it: expected a string or null, found 5"#,
                #"error: texts["2"].notes: expected an object with "it" and "en", found "x""#,
            ])
    }

    @Test func textsMustBeAnObject() {
        let text = Fixture.replacing(#""texts": {"#, with: #""texts": [], "old": {"#, in: valid)
        #expect(
            Fixture.decode(text).problems.map { "\($0.path): \($0.message)" } == [
                "texts: expected an object, found []"
            ])
    }
}
