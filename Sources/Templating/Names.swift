import Synchronization

/// A variable name as a small number, the same for the same name in every template of the process.
///
/// Why: the renderer finds a path's first name among the names in scope (loop variables, `set`s) before the
/// page's own, searching from the innermost; comparing two different strings calls into the standard library,
/// and most names it passes are different, a tenth of every lookup. Names are numbered when templates are
/// parsed, so rendering compares integers.
struct Symbol: Hashable, Sendable {
    let number: Int32

    private static let table = Mutex<[String: Int32]>([:])

    /// The number of `name`, given it on first sight.
    static func named(_ name: String) -> Symbol {
        table.withLock { table in
            if let known = table[name] { return Symbol(number: known) }
            let number = Int32(table.count)
            table[name] = number
            return Symbol(number: number)
        }
    }
}

/// A name a template binds (`for x in …`, `set x = …`): as written, for messages, and as a `Symbol`.
struct BoundName: Sendable {
    let text: String
    let symbol: Symbol

    init(_ text: String) {
        self.text = text
        symbol = Symbol.named(text)
    }
}

/// One name of a dotted path such as `bike.name`, with where it was found the last time it was looked up.
///
/// Why the position: the maps one expression of a template reads have the same keys in the same order on every
/// page (a page model is built by the same code each time), so the key is almost always where it was last
/// time; checking that one entry replaces a search along the map (or hashing the key, for the label table).
/// Rendering threads share it: a stale guess is only a miss, so relaxed atomic loads and stores suffice. A
/// class, so that reading a path's segments copies one reference each, not a string and a reference.
final class PathSegment: Sendable {
    let name: String
    let symbol: Symbol
    /// Where `name` was last found in the map it was looked up in, or -1.
    let lastPosition = Atomic<Int>(-1)

    init(_ name: String) {
        self.name = name
        symbol = Symbol.named(name)
    }
}
