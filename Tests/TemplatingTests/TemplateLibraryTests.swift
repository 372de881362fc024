import Dispatch
import Foundation
import Testing

@testable import Templating

@Suite struct TemplateLibraryTests {
    @Test func includeRendersWithTheCurrentScope() throws {
        let others = ["partials/row.html": "<tr><td>{{ label }}</td><td>{{ row.value }}</td></tr>"]
        let template = #"{% set label = "cc" %}{% for row in rows %}{% include "partials/row.html" %}{% endfor %}"#
        #expect(
            try render(template, ["rows": [["value": 853], ["value": "<n/a>"]]], others: others)
                == "<tr><td>cc</td><td>853</td></tr><tr><td>cc</td><td>&lt;n/a&gt;</td></tr>")
    }

    @Test func assignmentsInsideAnIncludeStayThere() throws {
        let others = ["inner.html": "{% set x = 2 %}{{ x }}"]
        #expect(try render(#"{% set x = 1 %}{% include "inner.html" %}{{ x }}"#, others: others) == "21")
    }

    /// Includes are inlined when the library is built: nested ones, ones inside a block a child overrides, and
    /// ones inside a loop must render as if looked up on the spot.
    @Test func nestedIncludesInBlocksAndLoopsRenderInPlace() throws {
        let others = [
            "base.html": "[{% block main %}base{% endblock %}]",
            "partials/list.html": "{% for n in items %}{% include \"partials/item.html\" %}{% endfor %}",
            "partials/item.html": "<{% set label = \"n\" %}{% include \"partials/number.html\" %}>",
            "partials/number.html": "{{ label }}{{ n }}",
        ]
        let template = """
            {% extends "base.html" %}{% block main %}{% include "partials/list.html" %}|{{ n }}{% endblock %}
            """
        #expect(try render(template, ["items": [1, 2], "n": "top"], others: others) == "[<n1><n2>|top]")
    }

    @Test func extendsReplacesBlocksAcrossTwoLevels() throws {
        let sources = [
            "base.html": """
            <title>{% block title %}Guzzi{% endblock %}</title>
            <main>{% block main %}base main{% endblock %}</main>
            <footer>{% block footer %}base footer{% endblock %}</footer>
            """,
            "layouts/page.html": """
            {% extends "base.html" %}
            {% block main %}<article>{% block article %}page article{% endblock %}</article>{% endblock %}
            {% block footer %}page footer{% endblock %}
            """,
            "moto.html": """
            {% extends "layouts/page.html" %}
            {# comments and whitespace around blocks are fine #}
            {% block title %}{{ name }}{% endblock title %}
            {% block article %}<h1>{{ name }}</h1>{% endblock %}
            """,
        ]
        let library = try TemplateLibrary(sources: sources)
        #expect(library.templateNames == ["base.html", "layouts/page.html", "moto.html"])
        #expect(
            try library.renderText("moto.html", context: ["name": "Le Mans"], environment: english) == """
                <title>Le Mans</title>
                <main><article><h1>Le Mans</h1></article></main>
                <footer>page footer</footer>
                """)
        #expect(
            try library.renderText("layouts/page.html", context: [:], environment: english) == """
                <title>Guzzi</title>
                <main><article>page article</article></main>
                <footer>page footer</footer>
                """)
        #expect(
            try library.renderText("base.html", context: [:], environment: english) == """
                <title>Guzzi</title>
                <main>base main</main>
                <footer>base footer</footer>
                """)
    }

    @Test func blocksInsideConditionalsOfTheLayoutAreReplaced() throws {
        let sources = [
            "base.html": "{% if show %}[{% block x %}base{% endblock %}]{% endif %}",
            "child.html": "{% extends \"base.html\" %}{% block x %}child{% endblock %}",
        ]
        let library = try TemplateLibrary(sources: sources)
        #expect(try library.renderText("child.html", context: ["show": true], environment: english) == "[child]")
    }

    @Test func overridingABlockTheLayoutLacksIsAnError() {
        let sources = [
            "base.html": "{% block main %}{% endblock %}",
            "page.html": "{% extends \"base.html\" %}\n{% block mian %}x{% endblock %}",
        ]
        #expect(
            compileError(sources)?.description
                == "page.html:2:10: error: block 'mian' does not exist in 'base.html' (did you mean 'main'?)\n{% block mian %}x{% endblock %}\n         ^"
        )
    }

    @Test func unknownIncludeAndExtendsTargets() {
        #expect(
            compileError(["page.html": "a\n  {% include \"partials/rwo.html\" %}", "partials/row.html": ""])?
                .description
                == "page.html:2:14: error: unknown template 'partials/rwo.html' (did you mean 'partials/row.html'?)\n  {% include \"partials/rwo.html\" %}\n             ^"
        )
        #expect(
            compileError(["page.html": "{% extends \"layout.html\" %}"])?.description
                == "page.html:1:12: error: unknown template 'layout.html'\n{% extends \"layout.html\" %}\n           ^")
    }

    @Test func includeCyclesAreCompileErrors() {
        #expect(
            compileError(["a.html": "{% include \"a.html\" %}"])?.description
                == "a.html:1:12: error: 'a.html' includes or extends itself: a.html -> a.html\n{% include \"a.html\" %}\n           ^"
        )
        #expect(
            compileError([
                "a.html": "{% include \"b.html\" %}", "b.html": "x\n{% if c %}{% include \"a.html\" %}{% endif %}",
            ])?
            .description
                == "b.html:2:22: error: 'a.html' includes or extends itself: a.html -> b.html -> a.html\n{% if c %}{% include \"a.html\" %}{% endif %}\n                     ^"
        )
        #expect(
            compileError(["a.html": "{% extends \"b.html\" %}", "b.html": "{% extends \"a.html\" %}"])?.description
                == "b.html:1:12: error: 'a.html' includes or extends itself: a.html -> b.html -> a.html\n{% extends \"a.html\" %}\n           ^"
        )
    }

    @Test func renderErrorsInsideIncludesPointAtTheIncludedFile() {
        #expect(
            errorText(#"{% include "p.html" %}"#, others: ["p.html": "ok\n{{ missing }}"])
                == "p.html:2:4: error: unknown variable 'missing'\n{{ missing }}\n   ^")
    }

    @Test func loadsADirectoryAndReportsPathsAsTheUserWouldOpenThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("templating-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try "{% include \"partials/spec-row.html\" %}".write(
            to: root.appendingPathComponent("pages/moto.html"), atomically: false, encoding: .utf8)
        try "<td>{{ spec }}</td>".write(
            to: root.appendingPathComponent("partials/spec-row.html"), atomically: false, encoding: .utf8)
        try "junk".write(to: root.appendingPathComponent(".DS_Store"), atomically: false, encoding: .utf8)

        let library = try TemplateLibrary(directory: root.path)
        #expect(library.templateNames == ["pages/moto.html", "partials/spec-row.html"])
        #expect(
            try library.renderText("pages/moto.html", context: ["spec": "853 cc"], environment: english)
                == "<td>853 cc</td>")

        do {
            _ = try library.renderText("pages/moto.html", context: [:], environment: english)
            Issue.record("expected an error")
        } catch let error as TemplateError {
            #expect(error.file == root.path + "/partials/spec-row.html")
            #expect(error.line == 1 && error.column == 8)
        }

        try "{% if x %}".write(to: root.appendingPathComponent("pages/broken.html"), atomically: false, encoding: .utf8)
        #expect(
            throws: TemplateError(
                file: root.path + "/pages/broken.html", line: 1, column: 1,
                message: "unclosed '{% if %}': expected '{% endif %}' before the end of the template",
                sourceLine: "{% if x %}")
        ) {
            _ = try TemplateLibrary(directory: root.path + "/")
        }
    }

    @Test func missingDirectoryIsAnError() {
        #expect(
            throws: TemplateError(
                file: "/nonexistent/templates", line: 0, column: 0, message: "template directory not found",
                sourceLine: "")
        ) {
            _ = try TemplateLibrary(directory: "/nonexistent/templates")
        }
    }

    @Test func rendersConcurrentlyWithIdenticalResults() throws {
        let sources = [
            "base.html": "<ul>{% block items %}{% endblock %}</ul>",
            "page.html": """
            {% extends "base.html" %}{% block items %}{% for b in bikes %}<li>{{ loop.index }}. {{ b.name }} \
            {{ b.power | number(1) }} {{ b.name | urlencode }}</li>{% endfor %}{% endblock %}
            """,
        ]
        let library = try TemplateLibrary(sources: sources)
        let bikes: Value = .list(
            (0..<200).map { ["name": .text("V7 <\($0)>"), "power": .number(Double($0) * 1000.5)] })
        let expected = try library.renderText("page.html", context: ["bikes": bikes], environment: italian)
        #expect(expected.hasPrefix("<ul><li>1. V7 &lt;0&gt; 0 V7%20%3C0%3E</li><li>2. V7 &lt;1&gt; 1000,5 "))
        #expect(expected.contains("<li>200. V7 &lt;199&gt; 199.099,5 V7%20%3C199%3E</li></ul>"))

        let results = ConcurrentResults(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for _ in 0..<20 {
                results[i] =
                    (try? library.renderText("page.html", context: ["bikes": bikes], environment: italian)) ?? "error"
            }
        }
        for i in 0..<8 { #expect(results[i] == expected) }
    }
}
