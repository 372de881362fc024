import Dispatch
import Foundation
import TestSupport
import Testing

@testable import Templating

typealias TemplateFuzzRandom = SeededRandom

/// Broken versions of the real templates must fail to compile with a located error, never crash or hang.
@Suite struct TemplateFuzzTests {
    /// Every file under `Templates/`, by template name; empty if the folder is not there.
    static let templates: [String: String] = {
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates").path
        // Every template as `TemplateLibrary(directory:)` reads them: pages include `.json` partials, and the
        // sitemap and robots.txt are templates too.
        var sources: [String: String] = [:]
        for file in (try? DirectoryTemplateSource(directory: root).templates()) ?? [] { sources[file.name] = file.text }
        return sources
    }()

    static let closers = ["{% endif %}", "{% endfor %}", "{% endblock %}", "{% else %}", "{% elif x %}"]
    static let junk = [
        "{%", "%}", "{{", "}}", "{#", "#}", "{% if %}", "{% for %}", "{% for x in %}", "{% block %}",
        "{% endblock other %}", "{% extends \"base.html\" %}", "{% include \"missing.html\" %}",
        "{% include \"pages/motorcycle.html\" %}", "{{ x | nosuchfilter }}", "{{ x | number(1, 2, 3) }}",
        "{{ x | raw | upper }}", "{{ x.. }}", "{{ (x }}", "{{ \"unterminated }}", "{{ x == y == z }}",
        "{% set %}", "{% set = 1 %}", "{% elif %}", "{% wat %}", "\u{0}", "\u{FEFF}", "\r", "\u{2028}", "é",
        "{{ 99999999999999999999999 }}", "{{ 1e400 }}", "{{ -x }}", "{{ x|default( }}", "{%- -%}", "{{- -}}",
    ]

    /// One mutation of one template of the set.
    static func mutate(_ sources: [String: String], random: inout TemplateFuzzRandom) -> [String: String] {
        var sources = sources
        let names = sources.keys.sorted()
        let name = names[random.int(names.count)]
        var text = Array(sources[name]!)
        func position() -> Int { random.int(text.count + 1) }
        switch random.int(7) {
        case 0:  // cut a tag short, or the whole file
            let tags = text.indices.filter { text[$0] == "{" && $0 + 1 < text.count && "{%#".contains(text[$0 + 1]) }
            if let start = tags.isEmpty ? nil : tags[random.int(tags.count)] {
                let cut = start + 1 + random.int(12)
                text.removeSubrange(start..<min(cut + random.int(3), text.count))
            } else {
                text.removeSubrange(position()...)
            }
        case 1:  // delete or duplicate a closing tag
            let closer = closers[random.int(3)]
            if let range = String(text).ranges(of: closer).randomElement(using: &random) {
                let string = String(text)
                let lower = string.distance(from: string.startIndex, to: range.lowerBound)
                if random.int(2) == 0 {
                    text.removeSubrange(lower..<lower + closer.count)
                } else {
                    text.insert(contentsOf: closer, at: lower)
                }
            } else {
                text.insert(contentsOf: closer, at: position())
            }
        case 2:  // an unbalanced opener or a stray closer
            let tag = ["{% if x %}", "{% for x in y %}", "{% block b %}"] + closers
            text.insert(contentsOf: tag[random.int(tag.count)], at: position())
        case 3:  // junk or an unknown filter
            text.insert(contentsOf: junk[random.int(junk.count)], at: position())
        case 4:  // random characters
            for _ in 0...random.int(5) {
                let scalar = Unicode.Scalar(UInt32(random.int(0x250))) ?? "?"
                text.insert(Character(scalar), at: position())
            }
        case 5:  // a filter name misspelt wherever there is one
            let string = String(text).replacingOccurrences(of: "| number", with: "| numbr")
                .replacingOccurrences(of: "| default", with: "| defualt")
            text = Array(random.int(2) == 0 ? string : String(text).replacingOccurrences(of: "| join", with: "| jion"))
            if text == Array(sources[name]!) { text.insert(contentsOf: "{{ a | b }}", at: position()) }
        default:  // swap two random slices
            let a = position()
            let b = position()
            let range = min(a, b)..<max(a, b)
            let slice = Array(text[range])
            text.removeSubrange(range)
            text.insert(contentsOf: slice, at: position())
        }
        sources[name] = String(text)
        return sources
    }

    /// `file:line:column: error: message`, the source line, then spaces (or tabs) and a caret.
    static func isLocated(_ error: TemplateError) -> Bool {
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, let caret = lines.last, caret.last == "^",
            caret.dropLast().allSatisfy({ $0 == " " || $0 == "\t" })
        else { return false }
        let header = lines[0]
        guard let range = header.range(of: #"^.+:[0-9]+:[0-9]+: error: .+$"#, options: .regularExpression) else {
            return false
        }
        return !range.isEmpty && error.line >= 1 && error.column >= 1
    }

    /// Compiles `sources` (bounded in time) and checks the outcome; returns whether it compiled.
    @discardableResult
    static func check(_ sources: [String: String], case label: String) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // Generous for a busy machine: it catches a hang or an exponential blow-up, not a slow run.
            #expect(seconds < 10, "\(label): compiling took \(seconds) s")
        }
        do {
            _ = try TemplateLibrary(sources: sources)
            return true
        } catch {
            #expect(isLocated(error), "\(label): \(error.description)")
            #expect(!error.message.isEmpty)
            return false
        }
    }

    @Test(.enabled(if: !templates.isEmpty, "Templates/ not found"))
    func theRealTemplatesCompile() {
        #expect(Self.check(Self.templates, case: "unchanged"))
    }

    @Test(.enabled(if: !templates.isEmpty, "Templates/ not found"))
    func mutatedTemplatesCompileOrFailWithALocatedError() {
        var failures = 0
        for seed in UInt64(1)...400 {
            var random = TemplateFuzzRandom(seed: seed)
            var sources = Self.templates
            for _ in 0...random.int(2) { sources = Self.mutate(sources, random: &random) }
            if !Self.check(sources, case: "seed \(seed)") { failures += 1 }
        }
        #expect(failures > 200, "most mutations should break something: \(failures)")
    }

    @Test func deepNestingFailsOrCompilesWithoutExhaustingTheStack() {
        let depth = 5_000
        let cases = [
            "parentheses": "{{ " + String(repeating: "(", count: depth) + "x" + String(repeating: ")", count: depth)
                + " }}",
            "unclosed parentheses": "{{ " + String(repeating: "(", count: depth) + " }}",
            "not": "{{ " + String(repeating: "not ", count: depth) + "x }}",
            "if": String(repeating: "{% if x %}", count: depth) + String(repeating: "{% endif %}", count: depth),
            "for": String(repeating: "{% for x in y %}", count: depth)
                + String(repeating: "{% endfor %}", count: depth),
            "unclosed if": String(repeating: "{% if x %}", count: depth),
            "filters": "{{ x" + String(repeating: " | upper", count: depth) + " }}",
            "blocks": (0..<depth).map { "{% block b\($0) %}" }.joined()
                + String(repeating: "{% endblock %}", count: depth),
        ]
        for (label, text) in cases.sorted(by: { $0.key < $1.key }) {
            #expect(!Self.check(["page.html": text], case: label), "\(label) should be refused")
        }
    }

    /// The nesting limit is far above what a person writes: 60 levels of tags around a 60-level expression
    /// compile and render.
    @Test func reasonableNestingStillRenders() throws {
        let depth = 60
        let text =
            String(repeating: "{% if x %}", count: depth) + "{{ " + String(repeating: "(", count: depth) + "x"
            + String(repeating: ")", count: depth) + " }}" + String(repeating: "{% endif %}", count: depth)
        let library = try TemplateLibrary(sources: ["page.html": text])
        let html = try library.renderText(
            "page.html", context: ["x": .text("<deep>")], environment: english)
        #expect(html == "&lt;deep&gt;")
    }

    @Test func includeAndExtendsCyclesAreLocatedErrors() {
        Self.check(["a.html": "{% include \"b.html\" %}", "b.html": "{% include \"a.html\" %}"], case: "include cycle")
        Self.check(["a.html": "{% extends \"a.html\" %}"], case: "extends itself")
        Self.check(
            [
                "a.html": "{% extends \"b.html\" %}{% block x %}{% include \"a.html\" %}{% endblock %}",
                "b.html": "{% block x %}{% endblock %}",
            ], case: "extends and includes itself")
    }
}
