import Testing

@testable import Templating

/// Small maps are searched linearly and large ones through an index: both must answer the same way.
@Suite struct ValueMapTests {
    /// Sizes on both sides of the point where the index starts.
    static let sizes = [0, 1, ValueMap.indexedCount, ValueMap.indexedCount + 1, 200]

    static func numbered(_ count: Int) -> ValueMap {
        ValueMap((0..<count).map { ("key\($0)", Value.number(Double($0))) })
    }

    @Test(arguments: sizes) func everyKeyIsFoundAndOthersAreNot(count: Int) {
        let map = Self.numbered(count)
        #expect(map.count == count)
        for i in 0..<count { #expect(map["key\(i)"] == .number(Double(i))) }
        #expect(map["key\(count)"] == nil)
        #expect(map["missing"] == nil)
    }

    @Test(arguments: sizes) func assigningReplacesAddsAndRemoves(count: Int) {
        var map = Self.numbered(count)
        map["key0"] = "replaced"
        map["extra"] = true
        #expect(map["key0"] == "replaced" && map["extra"] == true)
        #expect(map.count == max(count, 1) + 1)
        map["key0"] = nil
        #expect(map["key0"] == nil && map["extra"] == true)
        if count > 1 { #expect(map["key\(count - 1)"] == .number(Double(count - 1))) }
        #expect(map.count == max(count, 1))
    }

    /// Pairs made at run time may repeat a key (a literal may not: debug builds stop on one).
    @Test func laterDuplicatesWinAmongPairs() {
        let map = ValueMap([("a", 1), ("b", 2), ("a", 3)] as [(String, Value)])
        #expect(map.count == 2 && map["a"] == 3 && map["b"] == 2)
    }

    @Test func equalityIgnoresOrder() {
        let one: ValueMap = ["a": 1, "b": "x"]
        let other = ValueMap(["b": Value.text("x"), "a": Value.number(1)])
        #expect(one == other)
        #expect(one != ["a": 1, "b": "y"])
        #expect(one != ["a": 1])
        #expect(Self.numbered(40) == ValueMap(Self.numbered(40).sortedEntries.reversed().map { ($0.key, $0.value) }))
    }

    @Test func templatesSeeKeysInSortedOrder() throws {
        let map: Value = ["b": 2, "c": 3, "a": 1]
        #expect(try render("{% for k, v in m %}{{ k }}={{ v }};{% endfor %}", ["m": map]) == "a=1;b=2;c=3;")
        #expect(try render("{{ m | json }}", ["m": map]) == #"{"a":1,"b":2,"c":3}"#)
    }
}
