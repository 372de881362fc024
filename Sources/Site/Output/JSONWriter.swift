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

    /// `{"a":1,"b":"x"}` from already-encoded values, in the given order. The keys are names written in this
    /// module's code (`"id"`, `"@type"`), never data, so they are quoted without an escaping pass; a key that
    /// needs one is a programming error, caught by the assertion in debug builds and tests.
    static func object(_ members: [(key: StaticString, value: String)]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(members.reduce(2) { $0 + $1.key.utf8CodeUnitCount + $1.value.utf8.count + 4 })
        for (index, member) in members.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            member.key.withUTF8Buffer { key in
                assert(
                    !key.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 })
                bytes.append(contentsOf: key)
            }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: member.value.utf8)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func array(_ items: [String], separator: String = ",") -> String {
        "[" + items.joined(separator: separator) + "]"
    }
}
