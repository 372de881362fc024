/// A minimal JSON writer for the data files the browser reads.
///
/// Written by hand for deterministic bytes: keys stay in the order given and numbers use Swift's shortest
/// representation (`498.4`, not `498.39999999999998` as Foundation's serializer prints on Linux). Strings are
/// also safe inside a `<script>` element: `<`, `>`, `&`, U+2028 and U+2029 are escaped.
struct JSONWriter {
    private(set) var text = ""

    static func string(_ value: String) -> String {
        // Most strings need no escape at all: check the bytes once and copy them whole.
        if !value.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2
        }) {
            return "\"" + value + "\""
        }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
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
