/// Escaping for the output contexts the engine supports: HTML text/attributes, XML, `<script>` JSON, and URL
/// components. All work on UTF-8 bytes and copy runs without special characters in bulk, because escaping is
/// the hottest path of rendering.
public enum Escaping {
    /// Appends `string` escaped for HTML text and quoted attribute values (`& < > " '`).
    static func appendHTML(_ string: String, to output: inout ByteBuffer) {
        var string = string
        string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var runStart = 0
            var i = 0
            while i < count {
                // Eight bytes at a time while none of them needs escaping, which is most text.
                while i + 8 <= count && !mayNeedEscaping(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                }
                guard i < count else { break }
                let replacement: StaticString
                switch base[i] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default:
                    i += 1
                    continue
                }
                if runStart < i { output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                output.append(replacement)
                i += 1
                runStart = i
            }
            if runStart < count {
                output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
            }
        }
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let tops: UInt64 = 0x8080_8080_8080_8080

    /// Non-zero when a byte of `word` is `byte`: the classic "has a zero byte" bit trick on `word` XOR the byte
    /// repeated. A subtraction borrows into a byte's top bit only from a byte that is zero, so the answer is
    /// zero exactly when no byte matches.
    @inline(__always) private static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let value = word ^ (ones &* UInt64(byte))
        return (value &- ones) & ~value & tops
    }

    /// Whether any of the eight bytes of `word` is one of `& < > " '`.
    @inline(__always) static func mayNeedEscaping(_ word: UInt64) -> Bool {
        (bytes(of: word, equalTo: 0x26) | bytes(of: word, equalTo: 0x3C) | bytes(of: word, equalTo: 0x3E)
            | bytes(of: word, equalTo: 0x22) | bytes(of: word, equalTo: 0x27)) != 0
    }

    /// Whether any of the eight bytes of `word` may need escaping in a JSON string (`"`, `\\`, `<`, `>`, `&`, a
    /// control character, or 0xE2, the first byte of U+2028 and U+2029): the same trick, and its "less than
    /// 0x20" form for the control characters.
    @inline(__always) static func mayNeedJSONEscaping(_ word: UInt64) -> Bool {
        let control = (word &- ones &* 0x20) & ~word & tops
        return
            (control | bytes(of: word, equalTo: 0x22) | bytes(of: word, equalTo: 0x5C)
            | bytes(of: word, equalTo: 0x3C) | bytes(of: word, equalTo: 0x3E) | bytes(of: word, equalTo: 0x26)
            | bytes(of: word, equalTo: 0xE2)) != 0
    }

    static func html(_ string: String) -> String {
        var output = ByteBuffer(capacity: string.utf8.count + 16)
        appendHTML(string, to: &output)
        return output.text
    }

    /// Appends `string` escaped for XML text and attributes: the five HTML entities, and the characters XML 1.0
    /// forbids (C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF) dropped, so the document
    /// always parses. Lone surrogates cannot occur in a Swift `String`.
    public static func appendXML(_ string: String, to output: inout ByteBuffer) {
        let needsWork = string.utf8.contains { byte in
            byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0xEF
        }
        guard needsWork else {
            output.append(utf8: string)
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": output.append("&amp;")
            case "<": output.append("&lt;")
            case ">": output.append("&gt;")
            case "\"": output.append("&quot;")
            case "'": output.append("&#39;")
            case "\t", "\n", "\r": output.append(UInt8(scalar.value))
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                output.append(utf8: String(scalar))
            }
        }
    }

    /// A JSON string literal that is also safe inside `<script>`: `<`, `>` and `&` are escaped so `</script>`
    /// and `<!--` cannot end the script, and U+2028/U+2029 because older JavaScript treats them as newlines.
    public static func appendJSONString(_ string: String, to output: inout ByteBuffer) {
        output.append(UInt8(ascii: "\""))
        appendJSONStringContent(string, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// The inside of `appendJSONString`, without the quotes: what `{{ }}` writes in a `.json` template.
    static func appendJSONStringContent(_ string: String, to output: inout ByteBuffer) {
        var string = string
        string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var runStart = 0
            var i = 0
            while i < bytes.count {
                // Eight bytes at a time while none of them needs a look, which is most text.
                while i + 8 <= bytes.count
                    && !mayNeedJSONEscaping(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                {
                    i += 8
                }
                guard i < bytes.count else { break }
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
                    if runStart < i { output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                    let hexDigits: StaticString = "0123456789abcdef"
                    output.append("\\u00")
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
                if runStart < i { output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                output.append(replacement)
                i += length
                runStart = i
            }
            if runStart < bytes.count {
                output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            }
        }
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
