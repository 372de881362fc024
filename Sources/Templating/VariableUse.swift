/// A variable a template reads, as a path from the names its context gives: `bike.first_photo.img.src`, and
/// `motorcycles[].name` for the name of each item a loop over `motorcycles` binds.
///
/// Why: strict rendering catches a missing key only on a page that reaches it; a branch no page of the sample
/// reaches, or a label only one edition lacks, would ship. With the paths known without data, a site can check
/// every template against its page models, its label tables against every `t.<label>`, and its documentation of
/// each template's variables against both.
public struct VariableUse: Sendable, Hashable, CustomStringConvertible {
    /// From a name of the context down: `["motorcycles", "[]", "name"]`.
    public let path: [String]
    /// Read through `default(…)`: allowed to be missing.
    public let isOptional: Bool
    /// `file:line:column` of the expression.
    public let location: String

    public var description: String { path.joined(separator: ".").replacing(".[]", with: "[]") }
}

extension TemplateLibrary {
    /// Every variable `name` reads (with what it extends and includes), each path once; names bound by `for` and
    /// `set` are followed back to what they stand for; `loop.*` and names set to anything but a path are the
    /// template's own and left out. Nil for an unknown template.
    /// With `root`, only the paths from that name (`t`, for the labels a build checks before it renders).
    public func variables(of name: String, under root: String? = nil) -> [VariableUse]? {
        guard let template = compiled(name) else { return nil }
        var collector = VariableCollector(root: root)
        collector.visit(template.nodes, aliases: [:])
        return collector.found
    }
}

/// Walks a compiled template, resolving bound names to the paths they stand for.
private struct VariableCollector {
    let root: String?
    private(set) var found: [VariableUse] = []
    private var seen = Set<[String]>()

    init(root: String?) {
        self.root = root
    }

    /// A bound name → the path it stands for; nil: the template's own value (a literal, a computed one).
    typealias Aliases = [String: [String]?]

    /// Returns the aliases as the nodes leave them (for a branch of an `if`, which is no scope).
    @discardableResult
    mutating func visit(_ nodes: [Node], aliases: Aliases) -> Aliases {
        var aliases = aliases
        for node in nodes {
            switch node {
            case .text, .include:
                break
            case .output(let expression, _):
                use(expression, aliases: aliases, optional: false)
            case .conditional(let branches, let otherwise):
                // an `if` is no scope: what its branches `set` stays set after it
                for branch in branches {
                    use(branch.condition, aliases: aliases, optional: false)
                    aliases.merge(visit(branch.body, aliases: aliases)) { _, new in new }
                }
                if let otherwise { aliases.merge(visit(otherwise, aliases: aliases)) { _, new in new } }
            case .loop(let loop):
                use(loop.sequence, aliases: aliases, optional: false)
                var inner = aliases
                let sequence = resolve(loop.sequence, aliases: aliases)
                if let key = loop.keyName { inner[key.text] = .some(nil) }
                inner[loop.valueName.text] = .some(loop.keyName == nil ? sequence.map { $0 + ["[]"] } : nil)
                inner["loop"] = .some(nil)
                visit(loop.body, aliases: inner)
                if let empty = loop.empty { visit(empty, aliases: aliases) }
            case .assignment(let name, let value):
                use(value, aliases: aliases, optional: false)
                aliases[name.text] = .some(resolve(value, aliases: aliases))
            case .scope(let body):
                visit(body, aliases: aliases)
            case .block(_, let body):
                aliases.merge(visit(body, aliases: aliases)) { _, new in new }
            }
        }
        return aliases
    }

    /// The path an expression that is a plain path (or a path through filters that keep its shape, such as
    /// `first`) stands for; nil for anything else.
    private func resolve(_ expression: Expression, aliases: Aliases) -> [String]? {
        switch expression.kind {
        case .path(let segments):
            return expand(segments.map(\.name), aliases: aliases)
        case .filter(let inner, let call) where ["first", "last"].contains(call.name):
            return resolve(inner, aliases: aliases).map { $0.last == "[]" ? $0 : $0 + ["[]"] }
        case .filter(let inner, let call) where call.isDefault:
            return resolve(inner, aliases: aliases)
        default:
            return nil
        }
    }

    /// `segments` with a bound first name replaced by the path it stands for; nil for the template's own names.
    private func expand(_ segments: [String], aliases: Aliases) -> [String]? {
        guard let first = segments.first else { return nil }
        guard let alias = aliases[first] else { return segments }
        guard let base = alias else { return nil }
        return base + segments.dropFirst()
    }

    private mutating func use(_ expression: Expression, aliases: Aliases, optional: Bool) {
        switch expression.kind {
        case .literal:
            break
        case .path(let segments):
            guard let path = expand(segments.map(\.name), aliases: aliases) else { return }
            record(path, optional: optional, at: expression.location)
        case .not(let inner):
            use(inner, aliases: aliases, optional: optional)
        case .and(let left, let right), .or(let left, let right), .compare(_, let left, let right):
            use(left, aliases: aliases, optional: optional)
            use(right, aliases: aliases, optional: optional)
        case .filter(let inner, let call):
            use(inner, aliases: aliases, optional: optional || call.isDefault)
            for argument in call.arguments { use(argument, aliases: aliases, optional: optional) }
        }
    }

    private mutating func record(_ path: [String], optional: Bool, at location: SourceLocation) {
        if let root, path.first != root { return }
        guard seen.insert(path + [optional ? "?" : ""]).inserted else { return }
        found.append(
            VariableUse(
                path: path, isOptional: optional,
                location: "\(location.file.displayName):\(location.line):\(location.column)"))
    }
}
