import Synchronization
import Testing

@testable import Templating

/// `{% include "…" once per … %}`: one render per combination of values in a build, the same bytes as a plain
/// include, and a clear error when the values miss something the include reads.
@Suite struct OnceIncludeTests {
    /// Counts how often the included template really renders: its output passes through this filter.
    final class Counter: Sendable {
        let renders = Atomic<Int>(0)
        var filters: [String: Filter] {
            [
                "counted": { input, _, _ in
                    self.renders.add(1, ordering: .relaxed)
                    return input
                }
            ]
        }
    }

    static let page = #"<p>{% include "strings.json" once per lang, depth %}</p>"#
    static let strings = #"{"hello": "{{ hello | counted }}", "root": "{{ depth }}"}"#

    static func library(_ counter: Counter, page: String = page, strings: String = strings) throws
        -> TemplateLibrary
    {
        try TemplateLibrary(
            sources: ["page.html": page, "strings.json": strings], customFilters: counter.filters)
    }

    static func environment(_ cache: FragmentCache?) -> RenderEnvironment {
        RenderEnvironment(locale: "en_US", numbers: .englishForTests, fragments: cache)
    }

    @Test func rendersOncePerCombinationOfValuesAndWritesTheSameBytesEveryTime() throws {
        let counter = Counter()
        let library = try Self.library(counter)
        let cache = FragmentCache()
        var pages: [String] = []
        for (lang, depth, hello) in [
            ("en", "../", "Hi"), ("en", "../", "Hi"), ("it", "../", "Ciao"), ("en", "../../", "Hi"),
            ("it", "../", "Ciao"), ("en", "../", "Hi"),
        ] {
            pages.append(
                try library.render(
                    "page.html", context: ["lang": .text(lang), "depth": .text(depth), "hello": .text(hello)],
                    environment: Self.environment(cache)))
        }
        #expect(counter.renders.load(ordering: .relaxed) == 3)
        #expect(cache.count == 3)
        #expect(pages[0] == #"<p>{"hello": "Hi", "root": "../"}</p>"#)
        #expect(pages[1] == pages[0] && pages[5] == pages[0])
        #expect(pages[2] == #"<p>{"hello": "Ciao", "root": "../"}</p>"#)
        #expect(pages[3] == #"<p>{"hello": "Hi", "root": "../../"}</p>"#)
        #expect(pages[4] == pages[2])
    }

    @Test func withoutACacheItRendersEveryTimeLikeAPlainInclude() throws {
        let counter = Counter()
        let library = try Self.library(counter)
        let plain = try Self.library(Counter(), page: #"<p>{% include "strings.json" %}</p>"#)
        let context: [String: Value] = ["lang": "en", "depth": "../", "hello": "<Hi>"]
        for _ in 0..<3 {
            #expect(
                try library.render("page.html", context: context, environment: Self.environment(nil))
                    == plain.render("page.html", context: context, environment: Self.environment(nil)))
        }
        #expect(counter.renders.load(ordering: .relaxed) == 3)
    }

    /// Two editions format numbers differently: the locale is part of the key even when no value names it.
    @Test func theLocaleIsPartOfTheKey() throws {
        let library = try TemplateLibrary(sources: [
            "page.html": #"{% include "n.html" once per kind %}"#, "n.html": "{{ 6250.5 | number }}",
        ])
        let cache = FragmentCache()
        let context: [String: Value] = ["kind": "figure"]
        let en = try library.render(
            "page.html", context: context, environment: Self.environment(cache))
        let it = try library.render(
            "page.html", context: context,
            environment: RenderEnvironment(locale: "it_IT", numbers: .italianForTests, fragments: cache))
        #expect(en == "6,250.5")
        #expect(it == "6250,5")
    }

    /// A key that misses a value the include reads would put one page's text on another: a verifying cache (debug
    /// builds of the site) renders anyway and stops at the include.
    @Test func aVerifyingCacheFailsWhenTheValuesMissSomethingTheIncludeReads() throws {
        let library = try Self.library(Counter())
        let cache = FragmentCache(verifying: true)
        let environment = Self.environment(cache)
        _ = try library.render(
            "page.html", context: ["lang": "en", "depth": "../", "hello": "Hi"], environment: environment)
        let error = #expect(throws: TemplateError.self) {
            try library.render(
                "page.html", context: ["lang": "en", "depth": "../", "hello": "Hello"], environment: environment)
        }
        #expect(error?.file == "page.html" && error?.line == 1 && error?.column == 15)
        #expect(error?.description.contains("rendered differently for the same 'once per' values") == true)
        // The same values and the same output pass.
        _ = try library.render(
            "page.html", context: ["lang": "en", "depth": "../", "hello": "Hi"], environment: environment)
    }

    @Test func valuesMustBeTextsNumbersOrBooleans() throws {
        let library = try TemplateLibrary(sources: [
            "page.html": #"{% include "x.html" once per page.items %}"#, "x.html": "x",
        ])
        let context: [String: Value] = ["page": ["items": [1, 2]]]
        // Without a cache the values are never read.
        #expect(try library.render("page.html", context: context, environment: Self.environment(nil)) == "x")
        let error = #expect(throws: TemplateError.self) {
            try library.render("page.html", context: context, environment: Self.environment(FragmentCache()))
        }
        #expect(error?.message == "'once per' takes texts, numbers, booleans or null, got a list ('page.items')")
        #expect(error?.line == 1 && error?.column == 30)
    }

    @Test func malformedOncePerIsAnErrorWithItsPosition() {
        let others = ["x.html": "x"]
        let missingPer = compileError(["page.html": #"{% include "x.html" once lang %}"#].merging(others) { $1 })
        #expect(missingPer?.line == 1 && missingPer?.column == 26)
        #expect(missingPer?.message.hasPrefix("expected 'per' after 'once'") == true)
        let noValues = compileError(["page.html": #"{% include "x.html" once per %}"#].merging(others) { $1 })
        #expect(noValues?.message.hasPrefix("expected the values the include depends on after 'once per'") == true)
        #expect(noValues?.line == 1 && noValues?.column == 30)
        let trailing = compileError(["page.html": #"{% include "x.html" once per a b %}"#].merging(others) { $1 })
        #expect(trailing?.message.hasPrefix("expected '%}' after the 'once per' values") == true)
        #expect(trailing?.line == 1 && trailing?.column == 32)
    }

    /// Values that would read alike if joined are different keys: each has its kind, and a text its length.
    @Test func differentValuesNeverShareAKey() throws {
        let library = try TemplateLibrary(sources: [
            "page.html": #"{% include "x.html" once per a, b %}"#, "x.html": #"[{{ a | default("∅") }}|{{ b }}]"#,
        ])
        let environment = Self.environment(FragmentCache())
        let contexts: [[String: Value]] = [
            ["a": "ab", "b": ""], ["a": "a", "b": "b"], ["a": "1", "b": ""], ["a": 1, "b": ""], ["a": true, "b": ""],
            ["a": "true", "b": ""], ["a": .null, "b": ""], ["a": .html("ab"), "b": ""],
        ]
        let pages = try contexts.map { try library.render("page.html", context: $0, environment: environment) }
        #expect(pages == ["[ab|]", "[a|b]", "[1|]", "[1|]", "[true|]", "[true|]", "[∅|]", "[ab|]"])
        // Eight keys: the values that print alike were kept apart.
        #expect(environment.fragments?.count == contexts.count)
    }

    @Test func aOnceIncludeKeepsItsScopeToItself() throws {
        let library = try TemplateLibrary(sources: [
            "page.html": #"{% set x = 1 %}{% include "inner.html" once per x %}{{ x }}"#,
            "inner.html": "{% set x = 2 %}{{ x }}",
        ])
        let environment = Self.environment(FragmentCache())
        #expect(try library.render("page.html", context: [:], environment: environment) == "21")
        #expect(try library.render("page.html", context: [:], environment: environment) == "21")
    }
}
