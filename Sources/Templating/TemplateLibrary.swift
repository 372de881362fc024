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

    /// Reads every template of `source` and compiles them.
    public init(source: any TemplateSource) throws(TemplateError) {
        let sources = try source.templates().map {
            SourceText(name: $0.name, displayName: $0.displayName, text: $0.text)
        }
        templates = try Compiler.compile(sources)
        var hasher = StableHasher()
        for name in templates.keys.sorted() { hasher.combine(templates[name]!.digest) }
        digest = hasher.finalize()
    }

    /// Every file under `directory` (see `DirectoryTemplateSource`); names are paths relative to it, such as
    /// "pages/motorcycle.html".
    public convenience init(directory: String) throws(TemplateError) {
        try self.init(source: DirectoryTemplateSource(directory: directory))
    }

    /// Templates in memory (name → text); errors name files by their template name.
    public convenience init(sources: [String: String]) throws(TemplateError) {
        try self.init(source: MemoryTemplateSource(sources))
    }

    public var templateNames: [String] { templates.keys.sorted() }

    /// A template as compiled (`extends` resolved, includes inlined), for the passes that read it without data.
    func compiled(_ name: String) -> CompiledTemplate? { templates[name] }

    /// A digest of every template's name and text: equal only when no template changed.
    public let digest: Digest

    /// A digest of the template's text and of every template it extends or includes, directly or not; nil when
    /// there is no such template. Two libraries give a template the same digest only when all of them are equal.
    public func digest(of name: String) -> Digest? { templates[name]?.digest }

    /// Renders a template to UTF-8 bytes, which is what a file needs: no String is made and decoded again.
    /// Thread-safe: the library is immutable, each call has its own renderer.
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
