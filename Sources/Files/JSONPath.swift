/// Spelling of JSON paths in messages: `elements[3].engine.bore`, `texts["5"].notes.en`.
///
/// Keys that are not plain identifiers (such as the numeric ids that key `texts`) are bracketed and quoted, so a
/// path can always be read back without ambiguity.
package enum JSONPath {
    package static func appending(key: String, to path: String) -> String {
        if isIdentifier(key) { return path.isEmpty ? key : path + "." + key }
        return path + "[" + quoted(key) + "]"
    }

    package static func appending(index: Int, to path: String) -> String {
        path + "[\(index)]"
    }

    /// `key` in double quotes with JSON escapes, as messages quote keys and text.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (0x30...0x39).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
