/// One piece of a compiled template. Immutable value types, shared by all rendering threads.
indirect enum Node: Sendable {
    /// Literal text, stored as UTF-8 so rendering is a plain byte copy.
    case text([UInt8])
    /// `{{ expr }}`, escaped for the content type of the file it is written in.
    case output(Expression, ContentType)
    case conditional(branches: [ConditionalBranch], otherwise: [Node]?)
    case loop(Loop)
    case assignment(name: BoundName, value: Expression)
    /// As parsed. The compiler checks that the target exists and that includes form no cycle, then replaces
    /// every include with `scope` holding the target's nodes.
    case include(name: String, location: SourceLocation)
    /// An included template's nodes, inlined at compile time and rendered in a scope of their own. Why not
    /// looked up by name when rendered: a bike page renders some forty includes, and hashing their names was
    /// 1.5 % of a build.
    case scope([Node])
    /// Left in the tree after `extends` is resolved so blocks can be overridden again by a grandchild.
    case block(name: String, body: [Node])
}

extension Node {
    /// The same node with each of its bodies passed through `transform`; a node without a body is returned as
    /// it is. The compiler's passes over the tree differ only in what they do to a few kinds of node.
    func mappingBodies(_ transform: ([Node]) -> [Node]) -> Node {
        switch self {
        case .block(let name, let body):
            return .block(name: name, body: transform(body))
        case .scope(let body):
            return .scope(transform(body))
        case .conditional(let branches, let otherwise):
            return .conditional(
                branches: branches.map { ConditionalBranch(condition: $0.condition, body: transform($0.body)) },
                otherwise: otherwise.map(transform))
        case .loop(let loop):
            return .loop(
                Loop(
                    keyName: loop.keyName, valueName: loop.valueName, sequence: loop.sequence,
                    body: transform(loop.body), empty: loop.empty.map(transform), location: loop.location))
        case .text, .output, .assignment, .include:
            return self
        }
    }
}

struct ConditionalBranch: Sendable {
    let condition: Expression
    let body: [Node]
}

struct Loop: Sendable {
    /// Set for `{% for key, value in map %}`.
    let keyName: BoundName?
    let valueName: BoundName
    let sequence: Expression
    let body: [Node]
    /// The `{% else %}` body, rendered when there is nothing to iterate.
    let empty: [Node]?
    let location: SourceLocation
}

/// A parsed template before `extends` is resolved.
struct ParsedTemplate: Sendable {
    let name: String
    let file: SourceFile
    /// The `{% extends "x" %}` target and the position of its string, for "unknown template" errors.
    let parent: (name: String, location: SourceLocation)?
    let nodes: [Node]
    /// Every `{% include %}` in the template, for existence and cycle checks.
    let includes: [(name: String, location: SourceLocation)]
    /// The blocks a child template overrides, so an override of a block the layout lacks (a typo) is an error
    /// instead of silently dropped content.
    let overriddenBlocks: [(name: String, location: SourceLocation)]
}
