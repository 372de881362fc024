import Files

/// A set of templates, compiled once and rendered many times, concurrently.
///
/// Everything that can be checked without data is checked when the library is built, so a typo in a rarely
/// used page fails the build rather than shipping: syntax, tag nesting, filter names and argument counts,
/// `include`/`extends` targets, and include/extends cycles. What needs data (a missing key, a null printed,
/// a filter given the wrong kind of value) fails at render time. Every error is a `TemplateError` with the
/// file, line and column of the offending token.
///
/// The template language itself is described once, in `Templates/README.md`, beside the templates it serves.
public final class TemplateLibrary: Sendable {
    private let templates: [String: CompiledTemplate]
    /// Each template as parsed, for a later library to reuse; empty with custom filters, which are closures
    /// that cannot be compared.
    private let parsed: [String: ParsedTemplate]
    /// Each template's text, to tell whether a later library's are all the same.
    private let texts: [String: String]

    /// Reads every template of `source` and compiles them. With `previous` (a library read from the same source
    /// earlier), the templates whose text did not change are not parsed again, and when none changed nothing
    /// is compiled: the templates are the previous ones.
    public init(
        source: any TemplateSource, customFilters: [String: Filter] = [:], reusing previous: TemplateLibrary? = nil
    ) throws(TemplateError) {
        let sources = try source.templates().map {
            SourceText(name: $0.name, displayName: $0.displayName, text: $0.text)
        }
        texts = Dictionary(sources.map { ($0.name, $0.text) }, uniquingKeysWith: { $1 })
        let earlier = customFilters.isEmpty ? previous?.parsed ?? [:] : [:]
        if let previous, customFilters.isEmpty, !previous.parsed.isEmpty, previous.texts == texts,
            sources.allSatisfy({ previous.parsed[$0.name]?.file.displayName == $0.displayName })
        {
            templates = previous.templates
            parsed = previous.parsed
            digest = previous.digest
            return
        }
        let compiled = try Compiler.compile(sources, customFilters: customFilters, reusing: earlier)
        templates = compiled.templates
        parsed = customFilters.isEmpty ? compiled.parsed : [:]
        var hasher = StableHasher()
        for name in templates.keys.sorted() { hasher.combine(templates[name]!.digest) }
        digest = hasher.finalize()
    }

    /// Every file under `directory` (see `DirectoryTemplateSource`); names are paths relative to it, such as
    /// "pages/motorcycle.html".
    public convenience init(
        directory: String, customFilters: [String: Filter] = [:], reusing previous: TemplateLibrary? = nil
    ) throws(TemplateError) {
        try self.init(
            source: DirectoryTemplateSource(directory: directory), customFilters: customFilters, reusing: previous)
    }

    /// Templates in memory (name → text); errors name files by their template name.
    public convenience init(
        sources: [String: String], customFilters: [String: Filter] = [:], reusing previous: TemplateLibrary? = nil
    ) throws(TemplateError) {
        try self.init(source: MemoryTemplateSource(sources), customFilters: customFilters, reusing: previous)
    }

    /// Whether `name` was parsed from the very same file as in `other` (reused, not parsed again). For tests.
    func sharesParse(of name: String, with other: TemplateLibrary) -> Bool {
        guard let mine = parsed[name], let theirs = other.parsed[name] else { return false }
        return mine.file === theirs.file
    }

    public var templateNames: [String] { templates.keys.sorted() }

    /// A template as compiled (`extends` resolved, includes inlined), for the passes that read it without data.
    func compiled(_ name: String) -> CompiledTemplate? { templates[name] }

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
        return renderer.bytes
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
