import Files
import Testing

@testable import Templating

@Suite struct EscapingTests {
    @Test func outputEscapesAllFiveCharacters() throws {
        let output = try render("{{ s }}", ["s": #"Tom & "Jerry's" <b>"#])
        #expect(output == "Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;")
    }

    /// The escaper skips eight bytes at a time: every special character at every offset of texts around that
    /// length, next to multibyte characters, must come out as a plain character-by-character escape gives.
    @Test func everySpecialCharacterAtEveryOffsetIsEscaped() {
        func reference(_ text: String) -> String {
            text.map { character -> String in
                switch character {
                case "&": return "&amp;"
                case "<": return "&lt;"
                case ">": return "&gt;"
                case "\"": return "&quot;"
                case "'": return "&#39;"
                default: return String(character)
                }
            }.joined()
        }
        for length in 0...19 {
            for offset in 0..<max(length, 1) {
                for special in ["&", "<", ">", "\"", "'", "é", "x"] {
                    var characters = Array(repeating: "a", count: length)
                    if length > 0 { characters[offset] = special }
                    if length > 9 { characters[length - 1] = "<" }
                    let text = characters.joined()
                    #expect(Escaping.html(text) == reference(text), "\(text)")
                }
            }
        }
    }

    /// The word test behind the fast path, against every byte value at every position of a word and every byte
    /// around it: true exactly when the word holds one of the five characters. A false "no" would let markup
    /// through unescaped.
    @Test func theWordTestFindsExactlyTheFiveCharacters() {
        let special: Set<UInt8> = [0x26, 0x3C, 0x3E, 0x22, 0x27]
        var mismatches = 0
        for filler in UInt8.min...UInt8.max where !special.contains(filler) {
            for position in 0..<8 {
                for byte in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = byte
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    if Escaping.mayNeedEscaping(word) != special.contains(byte) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// The JSON escaper skips eight bytes at a time too: every character it must escape, at every offset, next
    /// to multibyte characters, comes out as a scalar-by-scalar escape writes it.
    @Test func everyJSONSpecialCharacterAtEveryOffsetIsEscaped() {
        func reference(_ text: String) -> String {
            text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                case "\n": return "\\n"
                case "\r": return "\\r"
                case "\t": return "\\t"
                case "<": return "\\u003c"
                case ">": return "\\u003e"
                case "&": return "\\u0026"
                case "\u{2028}": return "\\u2028"
                case "\u{2029}": return "\\u2029"
                default:
                    guard scalar.value < 0x20 else { return String(scalar) }
                    let hex = String(scalar.value, radix: 16)
                    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }.joined()
        }
        let specials = [
            "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1f}", "<", ">", "&", "\u{2028}", "\u{2029}", "–", "é", "x",
        ]
        for length in 0...19 {
            for offset in 0..<max(length, 1) {
                for special in specials {
                    var characters = Array(repeating: "a", count: length)
                    if length > 0 { characters[offset] = special }
                    if length > 9 { characters[length - 1] = "<" }
                    let text = characters.joined()
                    var escaped = ByteBuffer()
                    Escaping.appendJSONString(text, to: &escaped)
                    #expect(escaped.text == "\"" + reference(text) + "\"", "\(text.debugDescription)")
                }
            }
        }
    }

    /// The JSON word test may say "look" for a word without a special byte (then each byte is looked at), but
    /// never "skip" for a word with one.
    @Test func theJSONWordTestMissesNoSpecialByte() {
        var special = Set<UInt8>(0..<0x20)
        special.formUnion([0x22, 0x5C, 0x3C, 0x3E, 0x26, 0xE2])
        var misses = 0
        for filler in UInt8.min...UInt8.max where !special.contains(filler) {
            for position in 0..<8 {
                for byte in special {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = byte
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    if !Escaping.mayNeedJSONEscaping(word) { misses += 1 }
                }
            }
        }
        #expect(misses == 0)
        // Plain ASCII text is skipped.
        let plain = Array("Le Mans ".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(!Escaping.mayNeedJSONEscaping(plain))
    }

    @Test func escapingKeepsMultibyteTextIntact() throws {
        #expect(try render("{{ s }}", ["s": "Moto Guzzi – “V7” & 日本 🏍️"]) == "Moto Guzzi – “V7” &amp; 日本 🏍️")
    }

    @Test func htmlValuesAreOutputAsIs() throws {
        #expect(
            try render("{{ chart }}", ["chart": .html("<svg><path d=\"M0 0\"/></svg>")])
                == "<svg><path d=\"M0 0\"/></svg>")
    }

    @Test func rawOutputsTextUnescaped() throws {
        #expect(try render("{{ s | raw }}", ["s": "<em>a & b</em>"]) == "<em>a & b</em>")
    }

    @Test func templateTextIsNotEscaped() throws {
        #expect(try render("<p class=\"x\">&nbsp;</p>") == "<p class=\"x\">&nbsp;</p>")
    }

    @Test func percentEncodingKeepsOnlyUnreservedCharacters() {
        #expect(Escaping.percentEncode("AZaz09-._~") == "AZaz09-._~")
        #expect(Escaping.percentEncode("a b/c?d=e&f+g") == "a%20b%2Fc%3Fd%3De%26f%2Bg")
        #expect(Escaping.percentEncode("è") == "%C3%A8")
    }
}
