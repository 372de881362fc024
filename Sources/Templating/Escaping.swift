/// Escaping for the three output contexts the engine supports: HTML text/attributes, `<script>` JSON, and URL
/// components. All work on UTF-8 bytes and copy runs without special characters in bulk, because escaping is
/// the hottest path of rendering.
public enum Escaping {
    /// Appends `string` escaped for HTML text and quoted attribute values (`& < > " '`).
    static func appendHTML(_ string: String, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let replacement: StaticString
                switch bytes[i] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                if runStart < i { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                runStart = i + 1
            }
            if runStart < bytes.count {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            }
        }
    }

    static func html(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 16)
        appendHTML(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A JSON string literal that is also safe inside `<script>`: `<`, `>` and `&` are escaped so `</script>`
    /// and `<!--` cannot end the script, and U+2028/U+2029 because older JavaScript treats them as newlines.
    static func appendJSONString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                let replacement: StaticString
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): replacement = "\\\""
                case UInt8(ascii: "\\"): replacement = "\\\\"
                case UInt8(ascii: "\n"): replacement = "\\n"
                case UInt8(ascii: "\r"): replacement = "\\r"
                case UInt8(ascii: "\t"): replacement = "\\t"
                case UInt8(ascii: "<"): replacement = "\\u003c"
                case UInt8(ascii: ">"): replacement = "\\u003e"
                case UInt8(ascii: "&"): replacement = "\\u0026"
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA8:
                    replacement = "\\u2028"
                    length = 3
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA9:
                    replacement = "\\u2029"
                    length = 3
                case 0..<0x20:
                    if runStart < i { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                    let hexDigits: StaticString = "0123456789abcdef"
                    output.append(contentsOf: "\\u00".utf8)
                    hexDigits.withUTF8Buffer {
                        output.append($0[Int(byte >> 4)])
                        output.append($0[Int(byte & 0x0F)])
                    }
                    i += 1
                    runStart = i
                    continue
                default:
                    i += 1
                    continue
                }
                if runStart < i { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                i += length
                runStart = i
            }
            if runStart < bytes.count {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `appendJSONString` as a String, for the JSON files and JSON-LD the site writes outside templates.
    public static func jsonString(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 8)
        appendJSONString(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Percent-encodes every byte except the RFC 3986 unreserved characters, so the result is safe in a path
    /// segment, a query value and an attribute alike.
    static func percentEncode(_ string: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.append(byte)
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
