import Files
import Foundation
import TestSupport
import Testing

@testable import Templating

/// Digests are written to disk by one build and compared by the next: they must be the same in every process,
/// and differ whenever what they cover differs.
@Suite struct DigestTests {
    /// Fixed values: a change of the algorithm (which would make every output look changed once) shows here.
    @Test func knownValuesStayTheSameFromRunToRun() {
        #expect(Digest(of: []).description == "ceb0f468b91b8425f3f2a6c156f5a367")
        #expect(Digest(of: Array("Moto Guzzi Le Mans 850".utf8)).description == "bfa2382ff9de0c9fb20678b89de9643c")
        #expect(Digest(of: Array(0..<200)).description == "5c54920e6e28b43798017b4c570c0ab5")
        #expect(Value.text("V7").digest.description == "f9919ad41e1c379cc49df3eed60d28bf")
    }

    @Test func itemsAreFramedByTheirLength() {
        func digest(_ parts: [String]) -> Digest {
            var hasher = StableHasher()
            for part in parts { hasher.combine(part) }
            return hasher.finalize()
        }
        #expect(digest(["ab", "c"]) != digest(["a", "bc"]))
        #expect(digest(["abc"]) != digest(["abc", ""]))
        #expect(digest([]) != digest([""]))
        var tagged = StableHasher()
        tagged.combine("V7", tag: 4)
        var separate = StableHasher()
        separate.combine("V7")
        #expect(tagged.finalize() != separate.finalize())
        // Across the 16-byte rounds and their tails.
        var seen = Set<Digest>()
        for length in 0...200 { #expect(seen.insert(Digest(of: [UInt8](repeating: 0, count: length))).inserted) }
    }

    @Test func everyBitOfTheInputMatters() {
        // 46 bytes (16-byte rounds and a tail) and 150 (the four 64-byte lanes too).
        for base in [Array("Falcone Sport 500 1950, 23 CV a 4500 giri/min".utf8), Array(repeating: 0x41, count: 150)] {
            Self.flipEveryBit(base)
        }
    }

    static func flipEveryBit(_ base: [UInt8]) {
        let original = Digest(of: base)
        var seen: Set<Digest> = [original]
        for index in base.indices {
            for bit in 0..<8 {
                var flipped = base
                flipped[index] ^= 1 << bit
                #expect(seen.insert(Digest(of: flipped)).inserted, "byte \(index) bit \(bit)")
            }
        }
    }

    @Test func manyRandomInputsNeverCollide() {
        var random = SeededRandom(seed: 13)
        var seen = Set<Digest>()
        for _ in 0..<20_000 {
            let bytes = (0..<random.int(40)).map { _ in UInt8(random.int(4)) }  // few symbols: near neighbours
            seen.insert(Digest(of: bytes))
        }
        var distinct = Set<[UInt8]>()
        random = SeededRandom(seed: 13)
        for _ in 0..<20_000 { distinct.insert((0..<random.int(40)).map { _ in UInt8(random.int(4)) }) }
        #expect(seen.count == distinct.count)
    }

    @Test func theDescriptionIs32LowercaseHexadecimalDigitsOfBothHalves() {
        let digest = Digest(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210)
        #expect(digest.description == "0123456789abcdeffedcba9876543210")
        var buffer = ByteBuffer(capacity: 32)
        buffer.append(hex: digest)
        #expect(buffer.text == digest.description)
        #expect(Digest.zero.description == String(repeating: "0", count: 32))
    }

    @Test func valuesOfDifferentKindsOrShapesDiffer() {
        let values: [Value] = [
            .null, false, true, 0, 1, "1", .html("1"), "", [], [:], [[]], [["a"], ["b"]], [["a", "b"]],
            ["a": "b"], ["b": "a"], ["a": ["b": 1]], ["a": .null], -0.0, 1e300,
        ]
        #expect(Set(values.map(\.digest)).count == values.count)
    }

    /// A context is a `Dictionary`, whose order differs from process to process; its digest must not.
    @Test func aContextsDigestDoesNotDependOnTheDictionarysOrder() {
        let keys = (0..<40).map { "key\($0)" }
        var forward: [String: Value] = [:]
        for key in keys { forward[key] = .text(key) }
        var backward: [String: Value] = [:]
        for key in keys.reversed() { backward[key] = .text(key) }
        #expect(Value.digest(ofContext: forward) == Value.digest(ofContext: backward))
        backward["key3"] = "changed"
        #expect(Value.digest(ofContext: forward) != Value.digest(ofContext: backward))
    }

    /// A map made from a `Dictionary` (the label tables) takes the keys' order, not the dictionary's, which
    /// differs from one instance to the next even for the same keys.
    @Test func aMapMadeFromADictionaryHasTheSameDigestEveryTime() {
        let keys = (0..<300).map { "label_\($0)" }
        var forward: [String: Value] = [:]
        for key in keys { forward[key] = .text(key) }
        var backward: [String: Value] = [:]
        for key in keys.reversed() { backward[key] = .text(key) }
        #expect(Value.map(ValueMap(forward)).digest == Value.map(ValueMap(backward)).digest)
        #expect(ValueMap(forward)["label_7"] == .text("label_7"))
    }

    /// A value hashed once and passed in counts as that value: a change of it must be passed in as a change.
    @Test func aKnownDigestStandsForItsValue() {
        let labels: Value = ["home": "Home", "moto": "Motorcycle"]
        let context: [String: Value] = ["t": labels, "title": "V7"]
        let known = Value.digest(ofContext: context, known: ["t": labels.digest])
        #expect(Value.digest(ofContext: context, known: ["t": labels.digest]) == known)
        #expect(Value.digest(ofContext: context, known: ["t": Value.text("other").digest]) != known)
        var retitled = context
        retitled["title"] = "V9"
        #expect(Value.digest(ofContext: retitled, known: ["t": labels.digest]) != known)
    }
}

/// A template's digest covers it and every template it extends or includes, and nothing else.
@Suite struct TemplateDigestTests {
    static let sources = [
        "base.html": "<main>{% block main %}{% endblock %}</main>",
        "page.html": #"{% extends "base.html" %}{% block main %}{% include "partials/row.html" %}{% endblock %}"#,
        "partials/row.html": "<p>{{ x }}</p>",
        "other.html": "<p>{{ y }}</p>",
    ]

    static func digests(_ sources: [String: String]) throws -> [String: Digest] {
        let library = try TemplateLibrary(sources: sources)
        var digests: [String: Digest] = [:]
        for name in sources.keys { digests[name] = library.digest(of: name) }
        digests["*"] = library.digest
        return digests
    }

    @Test func anEditReachesTheTemplatesThatUseIt() throws {
        let before = try Self.digests(Self.sources)
        #expect(Set(before.values).count == before.count)

        var partial = Self.sources
        partial["partials/row.html"] = "<p class=\"row\">{{ x }}</p>"
        let afterPartial = try Self.digests(partial)
        #expect(afterPartial["page.html"] != before["page.html"])
        #expect(afterPartial["partials/row.html"] != before["partials/row.html"])
        #expect(afterPartial["base.html"] == before["base.html"])
        #expect(afterPartial["other.html"] == before["other.html"])
        #expect(afterPartial["*"] != before["*"])

        var layout = Self.sources
        layout["base.html"] = "<main class=\"wide\">{% block main %}{% endblock %}</main>"
        let afterLayout = try Self.digests(layout)
        #expect(afterLayout["page.html"] != before["page.html"])
        #expect(afterLayout["partials/row.html"] == before["partials/row.html"])
        #expect(afterLayout["other.html"] == before["other.html"])

        // A template added that nothing uses changes only the whole library's digest.
        var added = Self.sources
        added["unused.html"] = "x"
        let afterAdding = try Self.digests(added)
        for name in Self.sources.keys { #expect(afterAdding[name] == before[name], "\(name)") }
        #expect(afterAdding["*"] != before["*"])
        #expect(try Self.digests(Self.sources) == before)
        #expect(try TemplateLibrary(sources: Self.sources).digest(of: "missing.html") == nil)
    }
}
