import Templating

/// A minimal JSON writer for the data files the browser reads.
///
/// Written by hand for deterministic bytes: keys stay in the order given and numbers use Swift's shortest
/// representation (`498.4`, not `498.39999999999998` as Foundation's serializer prints on Linux). Strings are
/// also safe inside a `<script>` element: `<`, `>`, `&`, U+2028 and U+2029 are escaped.
enum JSONWriter {
    /// The template engine's JSON escaper, which works on UTF-8 bytes: escaping scalar by scalar through
    /// `unicodeScalars` was a tenth of the cost of a motorcycle page (its title has an en dash).
    static func string(_ value: String) -> String {
        Escaping.jsonString(value)
    }

    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    static func text(_ value: String?) -> String { value.map(string) ?? "null" }

    /// `{"a":1,"b":"x"}` from already-encoded values, in the given order.
    static func object(_ members: [(String, String)]) -> String {
        var out = "{"
        out.reserveCapacity(members.reduce(2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 })
        for (index, member) in members.enumerated() {
            if index > 0 { out += "," }
            out += string(member.0)
            out += ":"
            out += member.1
        }
        out += "}"
        return out
    }

    static func array(_ items: [String], separator: String = ",") -> String {
        "[" + items.joined(separator: separator) + "]"
    }
}
