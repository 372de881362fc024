import Testing

@testable import Templating

@Suite struct ValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let value: Value = ["name": "Le Mans", "year": 1976, "power": 71.5, "new": false, "tags": ["v2", "tourer"]]
        #expect(
            value
                == .map([
                    "name": .text("Le Mans"), "year": .number(1976), "power": .number(71.5), "new": .bool(false),
                    "tags": .list([.text("v2"), .text("tourer")]),
                ]))
    }

    @Test func truthiness() throws {
        let falsy: [Value] = [.null, false, 0, "", [], .map([:]), .html("")]
        let truthy: [Value] = [true, 1, -0.5, "x", [.null], ["k": 1], .html("<b>")]
        for value in falsy { #expect(try render("{% if v %}yes{% else %}no{% endif %}", ["v": value]) == "no") }
        for value in truthy { #expect(try render("{% if v %}yes{% else %}no{% endif %}", ["v": value]) == "yes") }
    }

    @Test func numbersPrintWithoutTrailingZero() throws {
        #expect(
            try render("{{ a }} {{ b }} {{ c }} {{ d }}", ["a": 6250, "b": 498.4, "c": -3.0, "d": 0.1])
                == "6250 498.4 -3 0.1")
        #expect(try render("{{ 42 }} {{ 2.50 }}") == "42 2.5")
    }

    @Test func booleansPrintAsWords() throws {
        #expect(try render("{{ a }}/{{ b }}", ["a": true, "b": false]) == "true/false")
    }

    @Test func textAndHTMLCompareEqual() throws {
        #expect(try render(#"{% if a == "<b>" %}same{% endif %}"#, ["a": .html("<b>")]) == "same")
    }
}
