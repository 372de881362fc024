import Foundation
import Testing

@testable import Catalogue

/// Slips that published versions of the dataset had and the app displayed without trouble: a publisher must be able
/// to build such a file, so they are warnings (with path, line and column), not errors.
@Suite struct PublishedSlipsTests {
    /// Every figure of the schema, required or not, with a value it holds in the fixture.
    static let figures: [(written: String, path: String)] = [
        (#""bore": 88"#, "engine.bore"),
        (#""stroke": 82"#, "engine.stroke"),
        (#""real": 498.4"#, "engine.displacement.real"),
        (#""nominal": 500"#, "engine.displacement.nominal"),
        (#""compression": 6.5"#, "engine.compression"),
        (#""rpm": 4500"#, "engine.power.rpm"),
        (#""wheelbase": 1500"#, "frame.wheelbase"),
        (#""front_size": 220"#, "brakes.front_size"),
        (#""fuel_capacity": 17.5"#, "capacities_performances.fuel_capacity"),
        (#""lubricant_capacity": 3"#, "capacities_performances.lubricant_capacity"),
        (#""weight": 170"#, "capacities_performances.weight"),
        (#""max_speed": 135"#, "capacities_performances.max_speed"),
    ]

    @Test(arguments: figures)
    func aZeroFigureIsAWarningAndReadsAsUnknown(written: String, path: String) throws {
        let key = written.prefix { $0 != ":" }
        let text = Fixture.replacing(written, with: key + ": 0", in: Fixture.document(ids: [1]))
        let result = Fixture.decode(text)
        #expect(result.errors.isEmpty)
        let position = Fixture.position(of: key + ": 0", in: text)
        #expect(
            result.warnings.map(\.description) == [
                "warning: elements[0].\(path): 0 is read as unknown; the site shows it as not stated "
                    + "(line \(position.line), column \(position.column + key.count + 2))"
            ])
        let bike = try #require(result.catalogue?.motorcycles.first)
        let read: [String: Double?] = [
            "engine.bore": bike.engine.bore, "engine.stroke": bike.engine.stroke,
            "engine.displacement.real": bike.engine.displacementReal,
            "engine.displacement.nominal": bike.engine.displacementNominal,
            "engine.compression": bike.engine.compression, "engine.power.rpm": bike.engine.power?.rpm,
            "frame.wheelbase": bike.frame.wheelbase, "brakes.front_size": bike.brakes.frontSize,
            "capacities_performances.fuel_capacity": bike.capacities.fuelCapacity,
            "capacities_performances.lubricant_capacity": bike.capacities.lubricantCapacity,
            "capacities_performances.weight": bike.capacities.weight,
            "capacities_performances.max_speed": bike.capacities.maxSpeed,
        ]
        #expect(read[path] == .some(nil), "\(path) should read as unknown")
        #expect(read.filter { $0.value == nil }.count == 1, "only \(path) is unknown")
    }

    @Test func aZeroPeakPowerIsNoPowerFigure() throws {
        let text = Fixture.replacing(#""peak": 23"#, with: #""peak": 0"#, in: Fixture.document(ids: [1]))
        let result = Fixture.decode(text)
        #expect(result.errors.isEmpty)
        #expect(result.warnings.map(\.path) == ["elements[0].engine.power.peak"])
        #expect(try #require(result.catalogue).motorcycles[0].engine.power == nil)
    }

    @Test func anElementWithoutTextsIsKeptWithEveryTextUnknown() throws {
        let valid = Fixture.document(ids: [1, 2])
        let text = Fixture.replacing(#""2": {"#, with: #""7": {"#, in: valid)
        let result = Fixture.decode(text)
        #expect(result.errors.isEmpty)
        let bikes = try #require(result.catalogue).motorcycles
        #expect(bikes.map(\.id) == [1, 2])
        #expect(bikes[1].engine.feed == .empty)
        #expect(bikes[1].notes == .empty)
        #expect(bikes[1].engine.bore == 88)
        #expect(bikes[0].engine.feed == LocalizedText(["it": "engine_feed 1 it", "en": "engine_feed 1 en"]))
    }

    @Test func aTextKeyWithoutItsEntryIsAWarning() throws {
        let text = Fixture.replacing(#""notes": "notes""#, with: #""notes": "nota""#, in: Fixture.document(ids: [1]))
        let result = Fixture.decode(text)
        #expect(result.errors.isEmpty)
        #expect(
            result.warnings.map { "\($0.path): \($0.message)" } == [
                #"elements[0].notes: text key "nota" has no entry in texts["1"]; shown as not stated"#
            ])
        #expect(try #require(result.catalogue).motorcycles[0].notes == .empty)
    }

    /// Out-of-schema structure stays an error even next to a slip.
    @Test func wrongTypesStayErrorsBesideWarnings() {
        var text = Fixture.replacing(#""wheelbase": 1500"#, with: #""wheelbase": 0"#, in: Fixture.document(ids: [1]))
        text = Fixture.replacing(#""bore": 88"#, with: #""bore": "88""#, in: text)
        let result = Fixture.decode(text)
        #expect(result.catalogue == nil)
        #expect(result.errors.map(\.path) == ["elements[0].engine.bore"])
        #expect(result.warnings.map(\.path) == ["elements[0].frame.wheelbase"])
    }

    /// The app's first schema gets one line that says what the file is and what is read, not hundreds of errors:
    /// in 2017's shape (`total_elements`) and in early 2018's (a `version`, the old fields), both without `texts`.
    @Test(arguments: ["schema-2017.json", "schema-2018-early.json"])
    func theFirstSchemaIsNamedInOneLine(fixture: String) throws {
        let result = CatalogueDecoder.decode(try Fixture.bytes(fixture))
        #expect(result.catalogue == nil)
        #expect(result.problems.count == 1)
        let line = try #require(result.problems.first).description
        #expect(line.hasPrefix("error: line 1, column 1: this file is in the Guzzi Tracker app's first dataset schema"))
        #expect(line.contains("\"version\", \"elements\" and \"texts\""))
        #expect(!line.contains("\n"))
    }

    /// The shape decides, not one key: prose in any one field where a key into `texts` belongs is enough.
    @Test(arguments: ["notes", "engine_configuration", "frame_type", "brakes_notes"])
    func proseWhereATextKeyBelongsWithoutTextsIsTheFirstSchema(key: String) {
        var text = Fixture.replacing(#""texts": {"#, with: #""old": {"#, in: Fixture.document(ids: [1, 2]))
        let field = key.split(separator: "_", maxSplits: 1).last.map(String.init) ?? key
        text = Fixture.replacing(
            #""\#(field)": "\#(key)""#, with: #""\#(field)": "Set down in plain English""#, in: text, occurrence: 1)
        let problems = Fixture.decode(text).problems
        #expect(problems.count == 1)
        #expect(
            problems.first?.message.hasPrefix("this file is in the Guzzi Tracker app's first dataset schema") == true)
    }

    /// A file with `texts` is read as today's schema, however odd its text fields: their errors are the useful ones.
    @Test func proseInATextFieldBesideTextsIsNotCalledOld() {
        let text = Fixture.replacing(
            #""notes": "notes""#, with: #""notes": "Plain prose""#, in: Fixture.document(ids: [1]))
        let result = Fixture.decode(text)
        #expect(result.warnings.map(\.path) == ["elements[0].notes"])
        #expect(result.errors.isEmpty)
    }

    /// A published slip: the entry for one id written twice, the second meant for the next id. The first is used (it
    /// is the one written for that id), the element left without an entry shows its texts as not stated.
    @Test func aTextsEntryWrittenTwiceIsAWarningAndTheFirstIsUsed() throws {
        let text = Fixture.replacing(#""3": {"#, with: #""2": {"#, in: Fixture.document(ids: [1, 2, 3]))
        let first = Fixture.position(of: #""2": {"#, in: text)
        let second = Fixture.position(of: #""2": {"#, in: text, occurrence: 1)
        let element = Fixture.position(of: #""id": 3"#, in: text)
        let result = Fixture.decode(text)
        #expect(result.errors.isEmpty)
        #expect(
            result.warnings.map(\.description) == [
                "warning: elements[2].id: texts has no entry \"3\" for this id; its texts are shown as not stated "
                    + "(line \(element.line), column \(element.column + 6))",
                "warning: texts[\"2\"]: texts has two entries \"2\", at lines \(first.line) and \(second.line); the "
                    + "first one, at line \(first.line), is used and the one at line \(second.line) is ignored "
                    + "(line \(second.line), column \(second.column))",
            ])
        let bikes = try #require(result.catalogue).motorcycles
        #expect(bikes.map(\.id) == [1, 2, 3])
        #expect(bikes[1].notes == LocalizedText(["it": "notes 2 it", "en": "notes 2 en"]))
        #expect(bikes[2].notes == .empty)
        #expect(bikes[2].engine.feed == .empty)
        #expect(result.problems.map(\.strict).allSatisfy { $0.severity == .error })
    }

    /// Anywhere else a repeated key leaves the file ambiguous, so it stays an error: inside a texts entry, in an
    /// element, at the root.
    @Test(arguments: [
        (#""notes": {"it": "notes 1 it""#, #""notes": {"it": "x", "it": "notes 1 it""#, #"texts["1"].notes.it"#),
        (#""bore": 88,"#, #""bore": 88, "bore": 90,"#, "elements[0].engine.bore"),
        (#""version": 1,"#, #""version": 1, "version": 2,"#, "version"),
    ])
    func aRepeatedKeyElsewhereStaysAnError(target: String, replacement: String, path: String) {
        let text = Fixture.replacing(target, with: replacement, in: Fixture.document(ids: [1]))
        let result = Fixture.decode(text)
        #expect(result.catalogue == nil)
        #expect(result.errors.map(\.path) == [path])
        #expect(result.errors.first?.message.hasPrefix("duplicate key") == true)
    }

    /// A current file without `texts` is not mistaken for the old schema: it has a `version`.
    @Test func aCurrentFileMissingTextsIsNotCalledOld() {
        let text = Fixture.replacing(#""texts": {"#, with: #""old": {"#, in: Fixture.document(ids: [1]))
        let messages = Fixture.decode(text).errors.map(\.message)
        #expect(messages == [#"missing key "texts""#])
    }
}
