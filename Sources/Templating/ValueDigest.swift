import Files

extension Value {
    /// Feeds the value into `hasher`, each case with its own tag: text and html with the same characters differ
    /// (they are escaped differently), and so do `1` and `"1"`. Maps are fed in their own order, which is the
    /// order their page model made them in: the same on every run.
    public func digest(into hasher: inout StableHasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let value):
            hasher.combine(value ? 2 : 1)
        case .number(let value):
            hasher.combine(3)
            hasher.combine(value.bitPattern)
        case .text(let text):
            hasher.combine(text, tag: 4)
        case .html(let text):
            hasher.combine(text, tag: 5)
        case .list(let items):
            hasher.combine(6 | UInt64(items.count) << 8)
            for item in items { item.digest(into: &hasher) }
        case .map(let map):
            hasher.combine(7 | UInt64(map.count) << 8)
            for (key, value) in map.entries {
                hasher.combine(key)
                value.digest(into: &hasher)
            }
        }
    }

    public var digest: Digest {
        var hasher = StableHasher()
        digest(into: &hasher)
        return hasher.finalize()
    }

    /// The digest of a whole template context, its names in sorted order (a `Dictionary`'s own order changes
    /// from process to process). `known` holds digests already made of some of its values, such as a label table
    /// every page of an edition shares: hashing it once per build instead of once per page. The caller promises
    /// that each is the digest of the value under that name.
    public static func digest(ofContext context: [String: Value], known: [String: Digest] = [:]) -> Digest {
        var hasher = StableHasher()
        hasher.combine(UInt64(context.count))
        for key in context.keys.sorted() {
            hasher.combine(key)
            if let digest = known[key] {
                hasher.combine(digest)
            } else {
                context[key]!.digest(into: &hasher)
            }
        }
        return hasher.finalize()
    }
}
