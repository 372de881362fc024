import Dispatch
import Testing

@testable import Templating

@Suite struct RendererTests {
    let bike: [String: Value] = [
        "bike": ["name": "V7 Stone", "family": "V7", "engine": ["cc": 853, "power": 67.3]],
        "bikes": [["name": "V7"], ["name": "V85 TT"], ["name": "Stelvio"]],
    ]

    @Test func dottedPaths() throws {
        #expect(
            try render("{{ bike.name }}: {{ bike.engine.cc }} cc, {{ bike.engine.power }} CV", bike)
                == "V7 Stone: 853 cc, 67.3 CV")
    }

    @Test func ifElifElse() throws {
        let template = #"{% if n > 10 %}big{% elif n == 5 %}five{% elif n >= 1 %}small{% else %}none{% endif %}"#
        #expect(try render(template, ["n": 11]) == "big")
        #expect(try render(template, ["n": 5]) == "five")
        #expect(try render(template, ["n": 1]) == "small")
        #expect(try render(template, ["n": 0]) == "none")
    }

    @Test func booleanOperatorsAndParentheses() throws {
        let context: [String: Value] = ["a": true, "b": false, "s": "x", "n": 3]
        #expect(
            try render("{{ a and b }} {{ a or b }} {{ not b }} {{ not (a and b) }}", context) == "false true true true")
        #expect(
            try render(#"{{ s == "x" and n != 4 }} {{ n < 3 }} {{ n <= 3 }} {{ null == null }}"#, context)
                == "true false true true")
        #expect(try render("{% if b and missing %}x{% else %}short-circuit{% endif %}", context) == "short-circuit")
    }

    @Test func orderingComparesOnlyNumbers() {
        #expect(
            errorText(#"{{ s < 3 }}"#, ["s": "2"])
                == "page.html:1:6: error: '<' compares numbers, got text and a number\n{{ s < 3 }}\n     ^")
    }

    @Test func forWithLoopVariables() throws {
        let template =
            "{% for b in bikes %}{{ loop.index }}/{{ loop.index0 }}/{{ loop.length }}:{{ b.name }}"
            + "{% if loop.first %}(first){% endif %}{% if not loop.last %}, {% endif %}{% endfor %}"
        #expect(try render(template, bike) == "1/0/3:V7(first), 2/1/3:V85 TT, 3/2/3:Stelvio")
    }

    @Test func forElseRendersWhenEmpty() throws {
        let template = "{% for x in xs %}{{ x }}{% else %}no bikes{% endfor %}"
        #expect(try render(template, ["xs": []]) == "no bikes")
        #expect(try render(template, ["xs": [1]]) == "1")
        #expect(try render("{% for k, v in m %}x{% else %}empty{% endfor %}", ["m": .map([:])]) == "empty")
    }

    @Test func nestedLoopsShadowLoop() throws {
        let template =
            "{% for row in rows %}{% for c in row %}{{ loop.index }}{% endfor %}|{{ loop.index }};{% endfor %}"
        #expect(try render(template, ["rows": [["a", "b", "c"], ["d"]]]) == "123|1;1|2;")
    }

    @Test func loopItselfIsAMap() throws {
        #expect(
            try render("{% for x in xs %}{{ loop | json }}{% endfor %}", ["xs": [7]])
                == #"{"first":true,"index":1,"index0":0,"last":true,"length":1}"#)
    }

    @Test func mapIterationIsSortedByKey() throws {
        let context: [String: Value] = ["specs": ["weight": "218 kg", "bore": "84 mm", "cc": 853]]
        #expect(
            try render("{% for key, value in specs %}{{ key }}={{ value }};{% endfor %}", context)
                == "bore=84 mm;cc=853;weight=218 kg;")
        #expect(try render("{% for key in specs %}{{ key }} {% endfor %}", context) == "bore cc weight ")
    }

    @Test func loopVariablesDoNotLeak() {
        #expect(
            errorText("{% for x in xs %}{% endfor %}{{ x }}", ["xs": [1]])
                == "page.html:1:33: error: unknown variable 'x' (did you mean 'xs'?)\n{% for x in xs %}{% endfor %}{{ x }}\n                                ^"
        )
    }

    @Test func iteratingNonListsIsAnError() {
        #expect(
            errorText("{% for x in n %}{% endfor %}", ["n": 3])
                == "page.html:1:13: error: cannot iterate over a number ('n')\n{% for x in n %}{% endfor %}\n            ^"
        )
        #expect(
            errorText("{% for k, v in xs %}{% endfor %}", ["xs": [1]])
                == "page.html:1:16: error: 'for k, v' needs a map, got a list\n{% for k, v in xs %}{% endfor %}\n               ^"
        )
    }

    @Test func setAssignsInTheCurrentScope() throws {
        #expect(try render(#"{% set title = bike.name | upper %}{{ title }}/{{ title }}"#, bike) == "V7 STONE/V7 STONE")
        #expect(try render("{% set x = 1 %}{% set x = 2 %}{{ x }}") == "2")
        // Inside a loop the assignment lives in the iteration's scope and the outer value is restored after.
        #expect(
            try render("{% set x = 0 %}{% for i in xs %}{% set x = i %}{{ x }}{% endfor %}:{{ x }}", ["xs": [1, 2]])
                == "12:0")
        // Variables shadow the context.
        #expect(try render("{% set bike = 1 %}{{ bike }}", bike) == "1")
    }

    /// A path's names remember where they were last found (`PathSegment`): maps of other shapes read at the same
    /// place must still give their own value, also from many threads at once.
    @Test func pathsFindTheirKeyInMapsOfEveryShape() throws {
        var wide: [String: Value] = [:]
        for index in 0..<40 { wide["k\(index)"] = .number(Double(index)) }
        wide["b"] = "wide"
        let maps: [Value] = [
            ["a": 1, "b": "first"], ["b": "only"], ["c": 0, "d": 0, "b": "third"], .map(ValueMap(wide)),
            ["a": 1, "b": "again"],
        ]
        let library = try TemplateLibrary(sources: [
            "page.html": "{% for m in maps %}{{ m.b }};{% endfor %}{% if other.b | default(false) %}x{% endif %}"
        ])
        let expected = "first;only;third;wide;again;"
        let results = ConcurrentResults(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            results[index] =
                (try? library.renderText(
                    "page.html", context: ["maps": .list(index % 2 == 0 ? maps : maps.reversed()), "other": ["a": 1]],
                    environment: english)) ?? "error"
        }
        for index in 0..<16 {
            #expect(results[index] == (index % 2 == 0 ? expected : "again;wide;third;only;first;"))
        }
        #expect(
            errorText("{% for m in maps %}{{ m.b }}{% endfor %}", ["maps": [["b": 1], ["a": 2]]])?
                .contains("'m' has no key 'b'") == true)
    }

    /// Names in scope are compared by number (`Symbol`): the innermost binding of a name still wins over outer
    /// ones and over the page's own.
    @Test func theInnermostNameWins() throws {
        let template = """
            {% for x in outer %}{% for x in inner %}{{ x }}{% endfor %}{{ x }}|{% endfor %}\
            {% set page = "set" %}{{ page }}
            """
        #expect(
            try render(template, ["outer": ["o1", "o2"], "inner": ["i"], "page": "context", "x": "top"])
                == "io1|io2|set")
    }

    @Test func unknownVariableNamesTheMissingSegment() {
        #expect(
            errorText("<h1>{{ bike.famly }}</h1>", bike)
                == "page.html:1:8: error: unknown variable 'bike.famly': 'bike' has no key 'famly' (did you mean 'family'?)\n<h1>{{ bike.famly }}</h1>\n       ^"
        )
        #expect(
            errorText("{{ bike.engine.torque }}", bike)
                == "page.html:1:4: error: unknown variable 'bike.engine.torque': 'bike.engine' has no key 'torque'\n{{ bike.engine.torque }}\n   ^"
        )
        #expect(
            errorText("\n  {{ bkie.name }}", bike)
                == "page.html:2:6: error: unknown variable 'bkie.name' (did you mean 'bike' or 'bikes'?)\n  {{ bkie.name }}\n     ^"
        )
        #expect(
            errorText("{{ bike.name.x }}", bike)
                == "page.html:1:4: error: unknown variable 'bike.name.x': 'bike.name' is text, not a map\n{{ bike.name.x }}\n   ^"
        )
        #expect(
            errorText("{% for x in xs %}{{ loop.indx }}{% endfor %}", ["xs": [1]])
                == "page.html:1:21: error: unknown variable 'loop.indx': 'loop' has no key 'indx' (did you mean 'index' or 'index0'?)\n{% for x in xs %}{{ loop.indx }}{% endfor %}\n                    ^"
        )
    }

    @Test func unknownVariableInConditionsIsAnError() {
        #expect(
            errorText("{% if flag %}x{% endif %}")
                == "page.html:1:7: error: unknown variable 'flag'\n{% if flag %}x{% endif %}\n      ^")
    }

    @Test func outputtingNullListsOrMapsIsAnError() {
        #expect(
            errorText("{{ bike.nick }}", ["bike": ["nick": .null]])
                == "page.html:1:4: error: cannot output null 'bike.nick'; use '| default(...)' to give a fallback\n{{ bike.nick }}\n   ^"
        )
        #expect(
            errorText("{{ xs }}", ["xs": [1]])
                == "page.html:1:4: error: cannot output a list; use a loop or '| join(...)'\n{{ xs }}\n   ^")
        #expect(
            errorText("{{ m }}", ["m": ["a": 1]])
                == "page.html:1:4: error: cannot output a map; use a loop or '| join(...)'\n{{ m }}\n   ^")
    }

    @Test func unknownTemplateAtRenderTime() throws {
        let library = try TemplateLibrary(sources: ["page.html": "x"])
        #expect(
            throws: TemplateError(
                file: "pags.html", line: 0, column: 0,
                message: "no template named 'pags.html' (did you mean 'page.html'?)",
                sourceLine: "")
        ) {
            try library.renderText("pags.html", context: [:], environment: english)
        }
    }
}
