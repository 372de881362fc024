/// An expression inside `{{ }}` or a tag. Immutable and a value type so a compiled template can be shared by
/// every rendering thread without locks.
struct Expression: Sendable {
    indirect enum Kind: Sendable {
        case literal(Value)
        /// `a.b.c`; the segments are kept separate so lookup never re-splits a string at render time.
        case path([PathSegment])
        case not(Expression)
        case and(Expression, Expression)
        case or(Expression, Expression)
        case compare(ComparisonOperator, Expression, Expression)
        case filter(Expression, FilterCall)
    }

    let kind: Kind
    /// Where the expression starts; render errors point here.
    let location: SourceLocation

    /// The source spelling of a path, for "unknown variable 'a.b'" messages.
    var pathName: String? {
        if case .path(let segments) = kind { return segments.map(\.name).joined(separator: ".") }
        return nil
    }
}

enum ComparisonOperator: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
}

/// A filter application, resolved to its function at compile time so unknown names fail early and rendering
/// does no name lookup.
struct FilterCall: Sendable {
    let name: String
    let function: Filter
    let arguments: [Expression]
    /// `default` is the one filter allowed to see a missing path, so the evaluator must know it by identity.
    let isDefault: Bool
    let location: SourceLocation
}
