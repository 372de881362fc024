/// Settings that vary per rendering rather than per template, such as the language of the page.
public struct RenderEnvironment: Sendable {
    /// The page's locale identifier (`it_IT`, `en_US`), for custom filters.
    public var locale: String
    /// How the `number` filter writes numbers on this page.
    public var numbers: NumberFormat

    public init(locale: String, numbers: NumberFormat) {
        self.locale = locale
        self.numbers = numbers
    }
}

/// Walks a compiled template for one context. A renderer is created per `render` call and never shared. What it
/// shares with the renderers of other pages: the AST, immutable but for the positions its paths remember
/// (`PathSegment`, atomics that are only ever a guess).
struct Renderer: ~Copyable {
    /// What a name in scope refers to. Loop state is kept as two integers and only turned into a map when a
    /// template asks for `loop` itself, so iterating does not build a dictionary per item.
    private enum Binding {
        case value(Value)
        case loop(index: Int, length: Int)
    }

    private let environment: RenderEnvironment
    /// The page's top-level names, searched like any other map rather than hashed on every lookup; in key order,
    /// so that a name is where it was on the last page of the same kind (see `PathSegment`).
    private let context: ValueMap
    /// Names above the context, innermost last: the template's own `set`s, then a scope per `for` and per
    /// `include`, each starting at the index kept in `scopeStarts`. One flat array searched from the end by
    /// `Symbol`, which beats hashing for the handful of names in scope and copies no nested arrays.
    private var names: [(name: BoundName, binding: Binding)] = []
    private var scopeStarts: [Int] = [0]
    private var output: ByteBuffer

    init(context: [String: Value], environment: RenderEnvironment, capacity: Int) {
        self.context = ValueMap(context)
        self.environment = environment
        output = ByteBuffer(capacity: capacity)
    }

    /// What has been rendered.
    var bytes: [UInt8] { output.bytes() }

    // MARK: - Nodes

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.append(bytes)
            case .output(let expression, let contentType):
                try write(try evaluate(expression), of: expression, as: contentType)
            case .conditional(let branches, let otherwise):
                var matched = false
                for branch in branches where try evaluate(branch.condition).isTruthy {
                    try render(branch.body)
                    matched = true
                    break
                }
                if !matched, let otherwise { try render(otherwise) }
            case .loop(let loop):
                try render(loop)
            case .assignment(let name, let expression):
                let value = try evaluate(expression)
                if let index = names[scopeStarts.last!...].firstIndex(where: { $0.name.symbol == name.symbol }) {
                    names[index].binding = .value(value)
                } else {
                    names.append((name, .value(value)))
                }
            case .scope(let body):
                try renderScoped(body)
            case .include:
                preconditionFailure("a compiled template has no include: Compiler.compile inlines them")
            case .block(_, let body):
                try render(body)
            }
        }
    }

    private mutating func render(_ loop: Loop) throws(TemplateError) {
        let sequence = try evaluate(loop.sequence)
        let count: Int
        var sortedEntries: [(key: String, value: Value)] = []
        switch sequence {
        case .list(let items):
            guard loop.keyName == nil else {
                throw loop.sequence.location.error(
                    "'for \(loop.keyName!.text), \(loop.valueName.text)' needs a map, got a list")
            }
            count = items.count
        case .map(let map):
            sortedEntries = map.sortedEntries
            count = sortedEntries.count
        default:
            throw loop.sequence.location.error(
                "cannot iterate over \(sequence.kindDescription)\(loop.sequence.pathName.map { " ('\($0)')" } ?? "")")
        }
        guard count > 0 else {
            if let empty = loop.empty { try render(empty) }
            return
        }
        // Fixed slots from `base`: +0 = loop, +1 = value, +2 = key. Updated in place each iteration.
        let base = names.count
        openScope()
        names.append((Self.loopName, .loop(index: 0, length: count)))
        names.append((loop.valueName, .value(.null)))
        if let keyName = loop.keyName { names.append((keyName, .value(.null))) }
        for index in 0..<count {
            names[base].binding = .loop(index: index, length: count)
            switch sequence {
            case .list(let items):
                names[base + 1].binding = .value(items[index])
            case .map:
                let entry = sortedEntries[index]
                if loop.keyName == nil {
                    names[base + 1].binding = .value(.text(entry.key))
                } else {
                    names[base + 1].binding = .value(entry.value)
                    names[base + 2].binding = .value(.text(entry.key))
                }
            default:
                break
            }
            try render(loop.body)
        }
        closeScope()
    }

    /// An included template's nodes, in a scope of their own: its `set`s stay inside.
    private mutating func renderScoped(_ nodes: [Node]) throws(TemplateError) {
        openScope()
        try render(nodes)
        closeScope()
    }

    private mutating func openScope() {
        scopeStarts.append(names.count)
    }

    private mutating func closeScope() {
        names.removeSubrange(scopeStarts.removeLast()...)
    }

    private mutating func write(_ value: Value, of expression: Expression, as contentType: ContentType)
        throws(TemplateError)
    {
        switch value {
        case .text(let s):
            contentType.append(s, to: &output)
        case .html(let s):
            output.append(utf8: s)
        case .number(let n):
            output.append(plainNumber: n)
        case .bool(let b):
            output.append(b ? "true" : "false")
        case .null:
            let name = expression.pathName.map { " '\($0)'" } ?? ""
            throw expression.location.error(
                "cannot output null\(name); use '| default(...)' to give a fallback")
        case .list, .map:
            throw expression.location.error(
                "cannot output \(value.kindDescription); use a loop or '| join(...)'")
        }
    }

    // MARK: - Expressions

    func evaluate(_ expression: Expression) throws(TemplateError) -> Value {
        switch expression.kind {
        case .literal(let value):
            return value
        case .path(let segments):
            // Only `default` may see a missing path, and it goes through `lookup(_:allowMissing:)` below.
            return try lookup(segments, at: expression.location, allowMissing: false)!
        case .not(let operand):
            return .bool(!(try evaluate(operand).isTruthy))
        case .and(let left, let right):
            // Written out because `&&` takes an untyped-throwing autoclosure.
            guard try evaluate(left).isTruthy else { return .bool(false) }
            return .bool(try evaluate(right).isTruthy)
        case .or(let left, let right):
            if try evaluate(left).isTruthy { return .bool(true) }
            return .bool(try evaluate(right).isTruthy)
        case .compare(let op, let left, let right):
            return .bool(try compare(op, try evaluate(left), try evaluate(right), at: expression.location))
        case .filter(let inputExpression, let call):
            let input: Value
            if call.isDefault, case .path(let segments) = inputExpression.kind {
                input = try lookup(segments, at: inputExpression.location, allowMissing: true) ?? .null
            } else {
                input = try evaluate(inputExpression)
            }
            var arguments: [Value] = []
            if !call.arguments.isEmpty {
                arguments.reserveCapacity(call.arguments.count)
                for argument in call.arguments { arguments.append(try evaluate(argument)) }
            }
            do {
                return try call.function(input, arguments, environment)
            } catch let error as TemplateError {
                throw error
            } catch let error as FilterError {
                throw call.location.error("filter '\(call.name)': \(error.message)")
            } catch {
                throw call.location.error("filter '\(call.name)': \(error)")
            }
        }
    }

    private func compare(
        _ op: ComparisonOperator, _ left: Value, _ right: Value, at location: SourceLocation
    ) throws(TemplateError) -> Bool {
        switch op {
        case .equal: return left.templateEquals(right)
        case .notEqual: return !left.templateEquals(right)
        default: break
        }
        guard case .number(let a) = left, case .number(let b) = right else {
            throw location.error(
                "'\(op.rawValue)' compares numbers, got \(left.kindDescription) and \(right.kindDescription)")
        }
        switch op {
        case .less: return a < b
        case .greater: return a > b
        case .lessOrEqual: return a <= b
        default: return a >= b
        }
    }

    // MARK: - Variables

    private static let loopName = BoundName("loop")

    private func binding(of segment: PathSegment) -> Binding? {
        var index = names.count - 1
        while index >= 0 {
            if names[index].name.symbol == segment.symbol { return names[index].binding }
            index -= 1
        }
        return context.value(for: segment).map { .value($0) }
    }

    /// Resolves a dotted path. Returns nil only when `allowMissing` and a key is missing (or a step is null);
    /// otherwise a missing key is an error naming the segment and nearby keys.
    private func lookup(
        _ segments: [PathSegment], at location: SourceLocation, allowMissing: Bool
    ) throws(TemplateError) -> Value? {
        var current: Value
        var next = 1
        switch binding(of: segments[0]) {
        case .value(let value)?:
            current = value
        case .loop(let index, let length)?:
            guard segments.count > 1 else { return Self.loopMap(index: index, length: length) }
            switch segments[1].name {
            case "index": current = .number(Double(index + 1))
            case "index0": current = .number(Double(index))
            case "first": current = .bool(index == 0)
            case "last": current = .bool(index == length - 1)
            case "length": current = .number(Double(length))
            default:
                if allowMissing { return nil }
                throw location.error(
                    "unknown variable '\(Self.spelled(segments))': 'loop' has no key '\(segments[1].name)'"
                        + Suggestions.hint(for: segments[1].name, in: ["index", "index0", "first", "last", "length"]))
            }
            next = 2
        case nil:
            if allowMissing { return nil }
            throw location.error(
                "unknown variable '\(Self.spelled(segments))'"
                    + Suggestions.hint(for: segments[0].name, in: visibleNames()))
        }
        while next < segments.count {
            let key = segments[next]
            switch current {
            case .map(let map):
                guard let value = map.value(for: key) else {
                    if allowMissing { return nil }
                    let parent = Self.spelled(segments[..<next])
                    throw location.error(
                        "unknown variable '\(Self.spelled(segments))': '\(parent)' has no key '\(key.name)'"
                            + Suggestions.hint(for: key.name, in: map.keys))
                }
                current = value
            case .null where allowMissing:
                return nil
            default:
                let parent = Self.spelled(segments[..<next])
                throw location.error(
                    "unknown variable '\(Self.spelled(segments))': '\(parent)' is "
                        + "\(current.kindDescription), not a map")
            }
            next += 1
        }
        return current
    }

    /// Only built when a template uses `loop` on its own (say, `loop | json`); `loop.index` and friends are
    /// answered without it.
    private static func loopMap(index: Int, length: Int) -> Value {
        [
            "index": .number(Double(index + 1)), "index0": .number(Double(index)), "first": .bool(index == 0),
            "last": .bool(index == length - 1), "length": .number(Double(length)),
        ]
    }

    private func visibleNames() -> Set<String> {
        Set(context.keys).union(names.map(\.name.text))
    }

    /// `a.b.c`, as the template wrote it, for messages.
    private static func spelled(_ segments: some Collection<PathSegment>) -> String {
        segments.map(\.name).joined(separator: ".")
    }
}
