/// The map inside a `Value`: string keys to values.
///
/// Why not a `Dictionary`: a page model is thousands of small maps (a spec row has six keys) that are made once
/// and read a few times. Hashing every key on insert and again on every lookup was a tenth of a build's CPU.
/// Small maps are a plain array searched from the front, which costs one allocation and a few string
/// comparisons; maps above `indexedCount` entries (the label table of a language) also keep a hash index.
public struct ValueMap: Sendable {
    /// Maps up to this size are searched linearly. Measured: the 19-key `page` map of every page was faster
    /// searched than indexed (2.6% fewer instructions per build); 40 was no better than 24.
    static let indexedCount = 24

    /// In insertion order. Unlabelled, so a dictionary literal's own array can be stored as it is.
    private(set) var entries: [(String, Value)]
    private var index: [String: Int]?

    /// Later duplicates win, like assigning keys one by one.
    public init(_ pairs: some Sequence<(String, Value)>) {
        entries = []
        entries.reserveCapacity(pairs.underestimatedCount)
        for (key, value) in pairs { self[key] = value }
    }

    private init(distinctEntries: [(String, Value)]) {
        entries = distinctEntries
    }

    /// In key order: a `Dictionary`'s own order changes from one instance to the next, and a map's entries are
    /// part of its digest (`Value.digest`), which must be the same in every build.
    public init(_ dictionary: [String: Value]) {
        entries = dictionary.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        if entries.count > Self.indexedCount { reindex() }
    }

    /// The value of a path's segment, trying first the position where it was found last time and remembering
    /// where it is found (see `PathSegment`): the renderer's lookups. Keys are distinct (see `init(literal:)`),
    /// so the entry a guess finds is the one a search would.
    @inline(__always)
    func value(for segment: PathSegment) -> Value? {
        let guess = segment.lastPosition.load(ordering: .relaxed)
        if guess >= 0 && guess < entries.count && entries[guess].0 == segment.name { return entries[guess].1 }
        guard let found = position(of: segment.name) else { return nil }
        segment.lastPosition.store(found, ordering: .relaxed)
        return entries[found].1
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.0) }

    public subscript(key: String) -> Value? {
        get {
            if let index { return index[key].map { entries[$0].1 } }
            for entry in entries where entry.0 == key { return entry.1 }
            return nil
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    entries[position].1 = newValue
                } else {
                    entries.remove(at: position)
                    if index != nil { reindex() }
                }
            } else if let newValue {
                entries.append((key, newValue))
                if index != nil {
                    index![key] = entries.count - 1
                } else if entries.count > Self.indexedCount {
                    reindex()
                }
            }
        }
    }

    /// The entries in key order, which is how templates iterate a map and how `json` prints it.
    var sortedEntries: [(key: String, value: Value)] {
        entries.sorted { $0.0 < $1.0 }.map { (key: $0.0, value: $0.1) }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.0 == key }
    }

    private mutating func reindex() {
        var index: [String: Int] = [:]
        index.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() { index[entry.0] = position }
        self.index = index
    }
}

extension ValueMap: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(literal: elements)
    }

    /// Takes over the literal's own array: no copy, no per-key insertion. A literal's keys are names written in
    /// Swift code, so two equal ones are a typo: debug builds (every test run) stop on one; release builds do
    /// not look, since checking every pair of keys of every map of every page model was 3 % of a build.
    init(literal elements: [(String, Value)]) {
        assert(!Self.hasDuplicateKeys(elements), "a map literal repeats a key")
        if elements.count > Self.indexedCount {
            self.init(elements)
        } else {
            self.init(distinctEntries: elements)
        }
    }

    private static func hasDuplicateKeys(_ elements: [(String, Value)]) -> Bool {
        for i in elements.indices {
            for j in elements.indices where j > i && elements[i].0 == elements[j].0 { return true }
        }
        return false
    }
}

/// Equal when they hold the same keys with equal values, in any order.
extension ValueMap: Equatable {
    public static func == (lhs: ValueMap, rhs: ValueMap) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.0] == $0.1 }
    }
}
