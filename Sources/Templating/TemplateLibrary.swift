import Foundation

/// A folder of templates, compiled once and rendered many times, concurrently.
///
/// Everything that can be checked without data is checked when the library is built, so a typo in a rarely
/// used page fails the build rather than shipping: syntax, tag nesting, filter names and argument counts,
/// `include`/`extends` targets, and include/extends cycles. What needs data (a missing key, a null printed,
/// a filter given the wrong kind of value) fails at render time. Every error is a `TemplateError` with the
/// file, line and column of the offending token.
///
/// # Template language
///
/// - `{{ expr }}` prints a value escaped for HTML text and attributes (`& < > " '`). Text is escaped;
///   `Value.html` (markup built by Swift code) is printed as is; numbers print without a trailing `.0`;
///   booleans print `true`/`false`. Printing null, a list or a map is an error, so "nil" never leaks into a page.
/// - `{{ expr | raw }}` prints text unescaped; `raw` must be the last filter.
/// - Expressions: dotted paths `bike.engine.power`, `"strings"` (escapes `\"` and `\\`), numbers `42`, `4.5`,
///   `true`, `false`, `null`, `not x`, `==`, `!=`, `<`, `>`, `<=`, `>=` (the last four on numbers), `and`, `or`,
///   parentheses. Precedence, loosest first: `or`, `and`, `not`, comparison, `|` filter.
///   Falsy values: null, false, 0, "", [], {}.
/// - A missing key is an error (`unknown variable 'bike.famly': 'bike' has no key 'famly' (did you mean
///   'family'?)`). The only exception is `default`: `{{ bike.nickname | default("—") }}` applies when the
///   path is missing or null.
/// - Filters: `expr | name` or `expr | name(arg, ...)`, chained left to right. Built-ins: `default(x)`,
///   `join(separator = "")`, `number(maxFractionDigits = 2)` (locale-aware: 12.345,5 in it_IT, 12,345.5 in
///   en_US), `urlencode`, `json` (for `<script>`: escapes `< > &` and U+2028/U+2029, sorted keys), `escape`,
///   `length`, `upper`, `lower`, `first`, `last`, `raw`. Custom filters are passed to the initializer and may
///   not reuse a built-in name.
/// - `{% if expr %}…{% elif expr %}…{% else %}…{% endif %}`
/// - `{% for item in list %}…{% else %}…{% endfor %}`: the else part renders when the list is empty. Inside,
///   `loop.index` (from 1), `loop.index0`, `loop.first`, `loop.last`, `loop.length`; an inner loop's `loop`
///   hides the outer one. `{% for key, value in map %}` iterates a map in sorted key order; `{% for key in
///   map %}` iterates its sorted keys.
/// - `{% set name = expr %}` assigns in the current scope (the template, the current loop iteration, or the
///   current include).
/// - `{% include "partials/row.html" %}` renders another template with the current variables.
/// - `{% extends "base.html" %}`, as the first tag, makes the template a child of a layout: its
///   `{% block name %}…{% endblock %}` replace the layout's blocks of the same name; other content in a child
///   is an error. Layouts may themselves extend layouts. `{% endblock name %}` is allowed.
/// - `{# comment #}`
/// - Whitespace control: a `-` inside a delimiter (`{%-`, `-%}`, `{{-`, `-}}`, `{#-`, `-#}`) removes all
///   whitespace, newlines included, on that side.
public final class TemplateLibrary: Sendable {
    private let templates: [String: CompiledTemplate]

    /// Loads every file under `directory` (recursively, skipping hidden files); names are paths relative to it,
    /// such as "pages/moto.html". Errors name files as `directory/name`.
    public convenience init(directory: String, customFilters: [String: Filter] = [:]) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(
                file: directory, line: 0, column: 0, message: "template directory not found", sourceLine: "")
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var sources: [SourceText] = []
        // Enumerate the resolved folder: FileManager does not descend into a root that is a symbolic link.
        let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        let names = (manager.enumerator(atPath: resolved)?.allObjects as? [String] ?? []).sorted()
        for name in names where !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let path = prefix + name
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            guard let data = manager.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw TemplateError(
                    file: path, line: 0, column: 0, message: "cannot read the file as UTF-8 text", sourceLine: "")
            }
            sources.append(SourceText(name: name, displayName: path, text: text))
        }
        try self.init(sources: sources, customFilters: customFilters)
    }

    /// Same from in-memory sources (name → text); errors name files by their template name.
    public convenience init(sources: [String: String], customFilters: [String: Filter] = [:]) throws {
        let texts = sources.keys.sorted().map { SourceText(name: $0, displayName: $0, text: sources[$0]!) }
        try self.init(sources: texts, customFilters: customFilters)
    }

    private init(sources: [SourceText], customFilters: [String: Filter]) throws(TemplateError) {
        templates = try Compiler.compile(sources, customFilters: customFilters)
        var hasher = StableHasher()
        for name in templates.keys.sorted() { hasher.combine(templates[name]!.digest) }
        digest = hasher.finalize()
    }

    public var templateNames: [String] { templates.keys.sorted() }

    /// A digest of every template's name and text: equal only when no template changed.
    public let digest: Digest

    /// A digest of the template's text and of every template it extends or includes, directly or not; nil when
    /// there is no such template. Two libraries give a template the same digest only when all of them are equal.
    public func digest(of name: String) -> Digest? { templates[name]?.digest }

    /// Renders a template. Thread-safe: the library is immutable, each call has its own renderer.
    public func render(_ name: String, context: [String: Value], environment: RenderEnvironment) throws -> String {
        String(decoding: try renderBytes(name, context: context, environment: environment), as: UTF8.self)
    }

    /// Renders a template to UTF-8 bytes, which is what a file needs: no String is made and decoded again.
    public func renderBytes(_ name: String, context: [String: Value], environment: RenderEnvironment) throws
        -> [UInt8]
    {
        guard let template = templates[name] else {
            throw TemplateError(
                file: name, line: 0, column: 0,
                message: "no template named '\(name)'" + Suggestions.hint(for: name, in: templates.keys),
                sourceLine: "")
        }
        var renderer = Renderer(context: context, environment: environment, capacity: template.capacityHint)
        try renderer.render(template.nodes)
        return renderer.output
    }
}

/// A template ready to render: `extends` already resolved into one tree.
struct CompiledTemplate: Sendable {
    let nodes: [Node]
    /// Bytes to reserve for the output, from the size of the template's own text, so most pages render
    /// without the buffer growing.
    let capacityHint: Int
    /// Of its source and of every template it extends or includes (see `TemplateLibrary.digest(of:)`).
    let digest: Digest
}

struct SourceText {
    let name: String
    let displayName: String
    let text: String
}
