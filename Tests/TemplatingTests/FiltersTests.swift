import Foundation
import Testing

@testable import Templating

@Suite struct FiltersTests {
    @Test func numberInItalian() throws {
        let context: [String: Value] = ["a": 498.4, "b": 6250, "c": 12345.5]
        #expect(
            try render("{{ a | number(1) }} {{ b | number }} {{ c | number(1) }}", context, environment: italian)
                == "498,4 6250 12.345,5")
    }

    @Test func numberInEnglish() throws {
        let context: [String: Value] = ["a": 498.4, "b": 6250, "c": 12345.5]
        #expect(
            try render("{{ a | number(1) }} {{ b | number }} {{ c | number(1) }}", context, environment: english)
                == "498.4 6,250 12,345.5")
    }

    @Test func numberRoundsToMaxFractionDigits() throws {
        #expect(try render("{{ x | number(0) }} {{ x | number }}", ["x": 2.345678]) == "2 2.346")
    }

    @Test func numberRejectsText() {
        #expect(
            errorText("{{ x | number }}", ["x": "12"])
                == "page.html:1:8: error: filter 'number': expects a number, got text\n{{ x | number }}\n       ^")
    }

    @Test func numberIsSafeFromManyThreads() {
        let results = ConcurrentResults(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let locale = i.isMultiple(of: 2) ? italian : english
            results[i] = (try? render("{{ 12345.5 | number(1) }}", environment: locale)) ?? "error"
        }
        for i in 0..<64 { #expect(results[i] == (i.isMultiple(of: 2) ? "12.345,5" : "12,345.5")) }
    }

    @Test func defaultAppliesToNullAndMissingPaths() throws {
        let context: [String: Value] = ["bike": ["nickname": .null, "name": "V7"]]
        #expect(try render(#"{{ bike.nickname | default("-") }}"#, context) == "-")
        #expect(try render(#"{{ bike.color | default("-") }}"#, context) == "-")
        #expect(try render(#"{{ nothing.at.all | default("-") }}"#, context) == "-")
        #expect(try render(#"{{ bike.name | default("-") }}"#, context) == "V7")
        #expect(try render(#"{{ bike.name.first | default("-") }}"#, ["bike": ["name": .null]]) == "-")
    }

    @Test func joinListsOfTextAndNumbers() throws {
        #expect(try render(#"{{ xs | join(", ") }}"#, ["xs": ["a", 1, 2.5]]) == "a, 1, 2.5")
        #expect(try render(#"{{ xs | join }}"#, ["xs": ["a", "b"]]) == "ab")
        #expect(try render(#"{{ xs | join(" & ") }}"#, ["xs": ["<a>", "b"]]) == "&lt;a&gt; &amp; b")
    }

    @Test func joinWithHTMLEscapesOnlyTheText() throws {
        #expect(
            try render(#"{{ xs | join(" & ") }}"#, ["xs": [.html("<i>1</i>"), "<2>"]]) == "<i>1</i> &amp; &lt;2&gt;")
    }

    @Test func joinRejectsNonLists() {
        #expect(
            errorText(#"{{ x | join(",") }}"#, ["x": "abc"])
                == "page.html:1:8: error: filter 'join': expects a list, got text\n{{ x | join(\",\") }}\n       ^")
    }

    @Test func urlencode() throws {
        #expect(
            try render("/search?q={{ q | urlencode }}", ["q": "V7 Café & <más>"])
                == "/search?q=V7%20Caf%C3%A9%20%26%20%3Cm%C3%A1s%3E")
    }

    @Test func jsonIsSafeInsideScript() throws {
        let context: [String: Value] = [
            "data": [
                "title": "</script><script>alert('x')</script>", "sep": "a\u{2028}b\u{2029}c", "n": 3, "x": 0.5,
                "ok": true, "none": .null, "list": ["\"q\"", "back\\slash", "line\nbreak"],
            ]
        ]
        let output = try render("<script>var d = {{ data | json }};</script>", context)
        #expect(
            output
                == #"<script>var d = {"list":["\"q\"","back\\slash","line\nbreak"],"n":3,"none":null,"ok":true,"sep":"a\u2028b\u2029c","title":"\u003c/script\u003e\u003cscript\u003ealert('x')\u003c/script\u003e","x":0.5};</script>"#
        )
        #expect(!output.dropLast(9).contains("</script>"))
    }

    @Test func jsonEscapesAmpersandAndControlCharacters() throws {
        #expect(try render("{{ s | json }}", ["s": "a&b\u{01}"]) == #""a\u0026b\u0001""#)
    }

    @Test func escapeIsIdempotent() throws {
        #expect(
            try render("{{ s | escape }}|{{ s | escape | escape }}", ["s": "<a & b>"])
                == "&lt;a &amp; b&gt;|&lt;a &amp; b&gt;")
    }

    @Test func lengthUpperLowerFirstLast() throws {
        let context: [String: Value] = ["xs": ["a", "b", "c"], "s": "Guzzi", "m": ["k": 1, "j": 2], "empty": []]
        #expect(try render("{{ xs | length }} {{ s | length }} {{ m | length }}", context) == "3 5 2")
        #expect(try render("{{ s | upper }} {{ s | lower }}", context) == "GUZZI guzzi")
        #expect(try render("{{ xs | first }}{{ xs | last }} {{ s | first }}{{ s | last }}", context) == "ac Gi")
        #expect(try render(#"{{ empty | first | default("none") }}"#, context) == "none")
    }

    @Test func batchCutsAListIntoGroups() throws {
        let template = "{% for group in xs | batch(2) %}[{% for x in group %}{{ x }}{% endfor %}]{% endfor %}"
        #expect(try render(template, ["xs": ["a", "b", "c", "d", "e"]]) == "[ab][cd][e]")
        #expect(try render(template, ["xs": ["a", "b"]]) == "[ab]")
        #expect(try render(template, ["xs": []]) == "")
        #expect(
            errorText("{{ xs | batch(0) | length }}", ["xs": ["a"]])
                == "page.html:1:9: error: filter 'batch': takes a whole number of items from 1, got 0\n"
                + "{{ xs | batch(0) | length }}\n        ^")
        #expect(
            errorText("{{ s | batch(2) | length }}", ["s": "ab"])
                == "page.html:1:8: error: filter 'batch': expects a list, got text\n{{ s | batch(2) | length }}\n       ^"
        )
    }

    @Test func filtersChainLeftToRight() throws {
        #expect(try render(#"{{ xs | first | upper }} {{ xs | length > 1 }}"#, ["xs": ["v7", "v9"]]) == "V7 true")
    }

    @Test func builtinArgumentCountsAreCheckedAtCompileTime() {
        #expect(
            compileError(["a.html": "{{ x | number(1, 2) }}"])?.description
                == "a.html:1:8: error: filter 'number' takes at most 1 argument, got 2\n{{ x | number(1, 2) }}\n       ^"
        )
        #expect(
            compileError(["a.html": "{{ x | default }}"])?.description
                == "a.html:1:8: error: filter 'default' takes 1 argument, got 0\n{{ x | default }}\n       ^")
    }

    @Test func rawMustBeTheLastFilter() {
        #expect(
            compileError(["a.html": "{{ x | raw | upper }}"])?.description
                == "a.html:1:14: error: 'raw' must be the last filter\n{{ x | raw | upper }}\n             ^")
    }
}
