import Dispatch
import Files
import Foundation
import TestSupport
import Testing

@testable import Catalogue

typealias SplitMix64 = SeededRandom

/// A JSON tree that can hold what no JSON library writes: raw number text such as `1e400`, and raw bytes.
indirect enum FuzzJSON {
    case raw([UInt8])
    case string(String)
    case array([FuzzJSON])
    case object([(String, FuzzJSON)])

    init(_ value: JSONValue, bytes: [UInt8]) {
        switch value.storage {
        case .array(let elements): self = .array(elements.map { FuzzJSON($0, bytes: bytes) })
        case .object(let members): self = .object(members.map { ($0.key, FuzzJSON($0.value, bytes: bytes)) })
        case .string(let text): self = .string(text)
        default: self = .raw(Array(bytes[value.offset..<value.end]))
        }
    }

    func write(to output: inout [UInt8]) {
        switch self {
        case .raw(let bytes): output += bytes
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output += Array(",\n".utf8) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output += Array(",\n".utf8) }
                Self.writeString(member.0, to: &output)
                output += Array(": ".utf8)
                member.1.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
            case 0..<0x20: output += Array(String(format: "\\u%04x", byte).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    var bytes: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }
}

/// Mutates catalogues: structure (delete, duplicate, retype, truncate) and bytes (cut, invalid UTF-8, control
/// characters, lone surrogates, nesting).
struct CatalogueMutator {
    var random: SplitMix64

    /// Values a field may be retyped to: every JSON kind, plus numbers no `Double` or `Int` can hold.
    static let replacements: [String] = [
        "null", "true", "0", "-1", "1.5", "-0", "\"88\"", "\"\"", "[]", "{}", "[1, 2]", "{\"a\": 1}",
        "1e400", "-1e400", "1e300", "-1e300", "99999999999999999999", "-99999999999999999999", "9007199254740993",
        "1e-400", "\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "\"\\uD800\"", "\"\\uDC00x\"", "\"\\u0000\"",
        "\"javascript:alert(1)\"", "123456789012345678901234567890e-10", "0.0000000000000000000000001",
        String(repeating: "[", count: 10_000),
        String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
        String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600),
    ]

    static let insertions: [[UInt8]] = [
        [0xFF], [0xFE], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xF0],
        [0x00], [0x01], [0x1F], [0x7F], [0x0A], [0x0D], [0x09], Array("\\uD800".utf8), Array("\\uDFFF".utf8),
        Array("\\u12".utf8), Array("\\x".utf8), Array("\"".utf8), Array(",".utf8), Array("}".utf8), Array("]".utf8),
        Array("1e400".utf8), Array("NaN".utf8), Array("Infinity".utf8), Array("\u{2028}".utf8),
        [UInt8](repeating: UInt8(ascii: "["), count: 10_000),
    ]

    mutating func int(_ bound: Int) -> Int { Int.random(in: 0..<max(bound, 1), using: &random) }

    mutating func mutate(_ tree: FuzzJSON, bytes original: [UInt8]) -> [UInt8] {
        switch int(10) {
        case 0..<6:
            var tree = tree
            for _ in 0...int(3) { tree = mutateTree(tree) }
            return tree.bytes
        case 6: return Array(original.prefix(int(original.count)))
        case 7, 8:
            var bytes = original
            for _ in 0...int(3) {
                bytes.insert(contentsOf: Self.insertions[int(Self.insertions.count)], at: int(bytes.count + 1))
            }
            return bytes
        default:
            var bytes = original
            for _ in 0...int(8) where !bytes.isEmpty { bytes[int(bytes.count)] = UInt8(int(256)) }
            return bytes
        }
    }

    /// Applies one structural mutation at a random place in the tree.
    mutating func mutateTree(_ tree: FuzzJSON) -> FuzzJSON {
        // Go down a random way; stop early sometimes so shallow fields get their turn.
        switch tree {
        case .array(var elements) where !elements.isEmpty && int(4) != 0:
            let index = int(elements.count)
            if int(3) == 0 { return mutateHere(tree) }
            elements[index] = mutateTree(elements[index])
            return .array(elements)
        case .object(var members) where !members.isEmpty && int(5) != 0:
            let index = int(members.count)
            if int(3) == 0 { return mutateHere(tree) }
            members[index].1 = mutateTree(members[index].1)
            return .object(members)
        default:
            return mutateHere(tree)
        }
    }

    mutating func mutateHere(_ value: FuzzJSON) -> FuzzJSON {
        switch (value, int(4)) {
        case (.object(var members), 0) where !members.isEmpty:
            members.remove(at: int(members.count))  // delete a field
            return .object(members)
        case (.object(var members), 1) where !members.isEmpty:
            let index = int(members.count)
            members.insert(members[index], at: int(members.count + 1))  // duplicate a field
            return .object(members)
        case (.array(var elements), 0) where !elements.isEmpty:
            elements.removeSubrange(int(elements.count)...)  // truncate
            return .array(elements)
        case (.array(var elements), 1) where !elements.isEmpty:
            let index = int(elements.count)
            elements.insert(elements[index], at: int(elements.count + 1))  // duplicate an element
            return .array(elements)
        case (.string(let text), 0), (.string(let text), 1):
            let cut = String(text.prefix(int(text.count + 1)))
            return .string(int(2) == 0 ? cut : cut + "\u{2028}<!--]]></script>\u{0}")
        case (.raw(let bytes), 0):
            return .raw(Array(bytes.prefix(int(bytes.count + 1))))  // a cut number or literal
        default:
            return .raw(Array(Self.replacements[int(Self.replacements.count)].utf8))  // retype
        }
    }
}

@Suite struct CatalogueFuzzTests {
    /// The shared dataset, else the sample shipped with the repository; `nil` when neither is there.
    static let datasetBytes: [UInt8]? = {
        let root = Fixture.repositoryRoot
        for path in ["../shared/data/info_moto.json", "Resources/sample/info_moto.json"] {
            if let data = FileManager.default.contents(
                atPath: root.appendingPathComponent(path).standardized.path)
            {
                return [UInt8](data)
            }
        }
        return nil
    }()

    /// The dataset cut to its first `count` elements and their texts, so hundreds of cases stay quick.
    static func trimmed(_ bytes: [UInt8], elements count: Int) throws -> [UInt8] {
        guard case .object(var members) = FuzzJSON(try JSONParser.parse(bytes).root, bytes: bytes) else {
            return bytes
        }
        var ids: Set<String> = []
        for index in members.indices where members[index].0 == "elements" {
            guard case .array(let elements) = members[index].1 else { continue }
            let kept = Array(elements.prefix(count))
            for case .object(let fields) in kept {
                for case ("id", .raw(let id)) in fields { ids.insert(String(decoding: id, as: UTF8.self)) }
            }
            members[index].1 = .array(kept)
        }
        for index in members.indices where members[index].0 == "texts" {
            guard case .object(let entries) = members[index].1 else { continue }
            members[index].1 = .object(entries.filter { ids.contains($0.0) })
        }
        return FuzzJSON.object(members).bytes
    }

    /// Decodes `bytes` and checks the outcome is a catalogue or located errors, in bounded time (generous for a busy
    /// machine: it catches a hang or a quadratic walk, not a slow run).
    static func check(_ bytes: [UInt8], case label: String) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = CatalogueDecoder.decode(bytes)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(seconds < 10, "\(label): decoding took \(seconds) s")
        if result.catalogue == nil {
            #expect(!result.errors.isEmpty, "\(label): no catalogue and no error")
        } else {
            #expect(result.errors.isEmpty, "\(label): a catalogue despite errors")
        }
        for problem in result.problems {
            #expect(
                !problem.path.isEmpty || (problem.line != nil && problem.column != nil),
                "\(label): problem without a place: \(problem)")
            #expect(!problem.message.isEmpty && !problem.description.isEmpty, "\(label): empty problem")
            if let line = problem.line, let column = problem.column {
                #expect(line >= 1 && column >= 1, "\(label): \(problem)")
            }
        }
    }

    @Test(.enabled(if: datasetBytes != nil, "no dataset available"))
    func structuralAndByteMutationsEndInACatalogueOrLocatedErrors() throws {
        let full = try #require(Self.datasetBytes)
        let small = try Self.trimmed(full, elements: 12)
        Self.check(small, case: "trimmed dataset")
        #expect(CatalogueDecoder.decode(small).catalogue != nil)
        let tree = FuzzJSON(try JSONParser.parse(small).root, bytes: small)
        for seed in UInt64(1)...600 {
            var mutator = CatalogueMutator(random: SplitMix64(seed: seed))
            Self.check(mutator.mutate(tree, bytes: small), case: "seed \(seed)")
        }
    }

    @Test(.enabled(if: datasetBytes != nil, "no dataset available"))
    func mutationsOfTheWholeDatasetStayWithinASecond() throws {
        let full = try #require(Self.datasetBytes)
        let tree = FuzzJSON(try JSONParser.parse(full).root, bytes: full)
        for seed in UInt64(10_001)...10_060 {
            var mutator = CatalogueMutator(random: SplitMix64(seed: seed))
            Self.check(mutator.mutate(tree, bytes: full), case: "whole dataset, seed \(seed)")
        }
    }

    @Test(.enabled(if: datasetBytes != nil, "no dataset available"))
    func theFileCutAtAnyOffsetIsALocatedSyntaxError() throws {
        let bytes = try Self.trimmed(try #require(Self.datasetBytes), elements: 3)
        var random = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let cut = Int.random(in: 0..<bytes.count, using: &random)
            let result = CatalogueDecoder.decode(Array(bytes.prefix(cut)))
            #expect(result.catalogue == nil)
            let error = try #require(result.errors.first, "cut at \(cut)")
            #expect(error.line != nil && error.column != nil, "cut at \(cut): \(error)")
        }
    }

    @Test func hostileScalarsInEveryNumericFieldAreErrorsNotTraps() throws {
        let fields = [
            "\"id\": 1", "\"first_year\": 1950", "\"last_year\": 1963", "\"stroke_cycle\": 4", "\"bore\": 88",
            "\"real\": 498.4", "\"compression\": 6.5", "\"peak\": 23", "\"rpm\": 4500", "\"wheelbase\": 1500",
            "\"front_size\": 220", "\"weight\": 170", "\"max_speed\": 135", "\"version\": 1",
        ]
        let hostile = [
            "1e300", "-1e300", "1e400", "99999999999999999999", "-99999999999999999999", "9.3e18", "-9.3e18",
            "9223372036854775807", "9223372036854775808", "4.9e-324", "1e-400", "\"NaN\"", "\"Infinity\"", "null",
            "[]", "{}", "true", "\"1950\"", "-0", "1950.5", "1e15",
        ]
        let document = Fixture.document(ids: [1])
        for field in fields {
            let key = field.prefix { $0 != ":" }
            for value in hostile {
                let text = document.replacingOccurrences(of: field, with: key + ": " + value)
                Self.check(Array(text.utf8), case: "\(key) = \(value)")
            }
        }
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        for opener in ["[", "{\"a\":"] {
            for depth in [511, 512, 513, 10_000, 100_000] {
                let closer = opener == "[" ? "]" : "}"
                let text =
                    String(repeating: opener, count: depth) + "1" + String(repeating: closer, count: depth)
                Self.check(Array(text.utf8), case: "\(opener) × \(depth)")
                Self.check(Array(String(repeating: opener, count: depth).utf8), case: "unclosed \(opener) × \(depth)")
            }
        }
    }

    /// The parser recurses once per level: the deepest document it accepts must fit in a thread stack a quarter
    /// of the 8 MB Linux default, which is what the preview server's rebuild thread gets. (A debug build needs
    /// about 1.5 MB for 512 levels, so a 512 KB stack, the macOS default for secondary threads, is not enough.)
    @Test func maximumNestingFitsInASmallThreadStack() {
        final class Outcome: @unchecked Sendable {
            var result: DecodeResult?
        }
        let text = String(repeating: "[{\"a\":", count: 256) + "1" + String(repeating: "}]", count: 256)
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let thread = Thread {
            outcome.result = CatalogueDecoder.decode(Array(text.utf8))
            done.signal()
        }
        thread.stackSize = 2 << 20
        thread.start()
        done.wait()
        // Valid JSON, but not a catalogue: an error at the root, not a crash.
        #expect(outcome.result?.errors.isEmpty == false)
    }

    @Test func invalidUTF8AndControlCharactersAnywhereAreLocated() throws {
        let document = Array(Fixture.document(ids: [1, 2]).utf8)
        var random = SplitMix64(seed: 99)
        for insertion in CatalogueMutator.insertions {
            for _ in 0..<10 {
                var bytes = document
                bytes.insert(contentsOf: insertion, at: Int.random(in: 0...bytes.count, using: &random))
                Self.check(bytes, case: "inserted \(insertion.prefix(8))")
            }
        }
    }
}

extension CatalogueFuzzTests {
    /// A minified file is one long line; a column is counted from the start of its line, so every problem on
    /// that line must not cost a pass over the whole line.
    @Test(.enabled(if: datasetBytes != nil, "no dataset available"))
    func manyErrorsOnOneLongLineStayFast() throws {
        let bytes = try #require(Self.datasetBytes)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        var elements = try #require(object["elements"] as? [[String: Any]])
        elements = (0..<8).flatMap { _ in elements }  // ids repeat: one error per copied element
        for index in elements.indices { elements[index]["notes"] = 12 }  // and a second one in each
        var minified = object
        minified["elements"] = elements
        let data = try JSONSerialization.data(withJSONObject: minified)
        #expect(!data.contains(UInt8(ascii: "\n")))
        let start = DispatchTime.now().uptimeNanoseconds
        let result = CatalogueDecoder.decode([UInt8](data))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(result.errors.count >= elements.count)
        #expect(result.errors.allSatisfy { $0.line == 1 && ($0.column ?? 0) > 1 })
        #expect(seconds < 20, "\(result.errors.count) errors on one line took \(seconds) s")
    }
}

extension CatalogueFuzzTests {
    /// The shortcut for long lines gives the same columns as counting from the start of the line.
    @Test func columnsOnALongLineMatchACountFromTheLineStart() {
        var random = SplitMix64(seed: 2028)
        let pieces = ["a", " ", "\"", "è", "°", "e\u{301}", "🏍️", "👨‍👩‍👧", "\u{2028}", "{", "1"]
        var text = "x\n"
        for _ in 0..<30_000 { text += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
        let bytes = Array(text.utf8)
        var locator = SourceLocator(bytes: bytes)
        for _ in 0..<200 {
            var offset = Int.random(in: 2..<bytes.count, using: &random)
            while offset < bytes.count, bytes[offset] >= 0x80 { offset += 1 }
            let expected = String(decoding: bytes[2..<offset], as: UTF8.self).count + 1
            let location = locator.location(of: offset)
            #expect(location.line == 2 && location.column == expected, "offset \(offset)")
        }
    }
}
