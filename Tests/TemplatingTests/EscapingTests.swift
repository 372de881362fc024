import Testing

@testable import Templating

@Suite struct EscapingTests {
    @Test func outputEscapesAllFiveCharacters() throws {
        let output = try render("{{ s }}", ["s": #"Tom & "Jerry's" <b>"#])
        #expect(output == "Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;")
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
