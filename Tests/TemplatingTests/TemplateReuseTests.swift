import Testing

@testable import Templating

/// `serve` compiles the templates after every edit, reusing what it parsed before: a library made that way
/// must be the one a fresh compile makes, however the templates changed.
@Suite struct TemplateReuseTests {
    static let first = [
        "base.html": "<main>{% block body %}{% endblock %}</main>",
        "page.html": #"{% extends "base.html" %}{% block body %}{% include "row.html" %}{% endblock %}"#,
        "row.html": "<p>{{ name }}</p>",
        "other.html": "<i>{{ name }}</i>",
    ]

    static func renders(_ library: TemplateLibrary) throws -> [String: String] {
        var pages: [String: String] = [:]
        for name in library.templateNames {
            pages[name] = try library.render(name, context: ["name": "V7 <Sport>"], environment: english)
        }
        return pages
    }

    @Test func anEditedPartialIsParsedAgainAndTheRestIsReused() throws {
        let before = try TemplateLibrary(sources: Self.first)
        var edited = Self.first
        edited["row.html"] = "<p class=\"row\">{{ name }}</p>"
        let reused = try TemplateLibrary(sources: edited, reusing: before)
        let fresh = try TemplateLibrary(sources: edited)
        #expect(try Self.renders(reused) == Self.renders(fresh))
        #expect(
            try reused.render("page.html", context: ["name": "V7"], environment: english)
                == "<main><p class=\"row\">V7</p></main>")
        for name in fresh.templateNames { #expect(reused.digest(of: name) == fresh.digest(of: name), "\(name)") }
        #expect(reused.digest == fresh.digest)
        #expect(reused.digest(of: "page.html") != before.digest(of: "page.html"))
        #expect(reused.digest(of: "other.html") == before.digest(of: "other.html"))
        #expect(reused.sharesParse(of: "base.html", with: before) && reused.sharesParse(of: "other.html", with: before))
        #expect(!reused.sharesParse(of: "row.html", with: before))
    }

    @Test func addedRemovedAndBrokenTemplatesAreSeen() throws {
        let before = try TemplateLibrary(sources: Self.first)
        var added = Self.first
        added["new.html"] = "<b>{{ name }}</b>"
        added["other.html"] = nil
        let reused = try TemplateLibrary(sources: added, reusing: before)
        #expect(reused.templateNames == ["base.html", "new.html", "page.html", "row.html"])
        #expect(reused.digest == (try TemplateLibrary(sources: added)).digest)

        var broken = Self.first
        broken["row.html"] = "<p>{{ name </p>"
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(sources: broken, reusing: before) }
        #expect(error?.file == "row.html" && error?.line == 1)

        var missing = Self.first
        missing["row.html"] = nil
        #expect(throws: TemplateError.self) { try TemplateLibrary(sources: missing, reusing: before) }
    }

    @Test func unchangedTemplatesAreTheSameLibrary() throws {
        let before = try TemplateLibrary(sources: Self.first)
        let again = try TemplateLibrary(sources: Self.first, reusing: before)
        #expect(again.digest == before.digest)
        #expect(try Self.renders(again) == Self.renders(before))
        #expect(Self.first.keys.allSatisfy { again.sharesParse(of: $0, with: before) })
    }
}
