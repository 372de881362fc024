/// A filter: `{{ input | name(arguments...) }}`. Throw `FilterError` for bad input; the renderer adds the
/// template position.
typealias Filter =
    @Sendable (_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value

/// A built-in filter with the argument count checked at compile time, so a typo like `number(1, 2)` fails when
/// the library loads rather than on the one page that uses it.
struct BuiltinFilter: Sendable {
    let arity: ClosedRange<Int>
    let function: Filter
}

enum BuiltinFilters {
    static let all: [String: BuiltinFilter] = [
        "default": BuiltinFilter(arity: 1...1, function: defaultValue),
        "join": BuiltinFilter(arity: 0...1, function: join),
        "number": BuiltinFilter(arity: 0...1, function: number),
        "urlencode": BuiltinFilter(arity: 0...0, function: urlencode),
        "json": BuiltinFilter(arity: 0...0, function: json),
        "escape": BuiltinFilter(arity: 0...0, function: escape),
        "length": BuiltinFilter(arity: 0...0, function: length),
        "upper": BuiltinFilter(arity: 0...0, function: upper),
        "lower": BuiltinFilter(arity: 0...0, function: lower),
        "first": BuiltinFilter(arity: 0...0, function: first),
        "last": BuiltinFilter(arity: 0...0, function: last),
        "batch": BuiltinFilter(arity: 1...1, function: batch),
        "raw": BuiltinFilter(arity: 0...0, function: raw),
    ]

    /// The renderer also substitutes the argument when the input path is missing; see `Renderer`.
    static func defaultValue(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) -> Value {
        input == .null ? arguments[0] : input
    }

    /// Joins into text, or into html when any element is html, escaping the text parts so trusted markup and
    /// user text can be mixed safely.
    static func join(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        guard case .list(let elements) = input else {
            throw FilterError("expects a list, got \(input.kindDescription)")
        }
        let separator: Value = arguments.first ?? .text("")
        let parts = [separator] + elements
        let containsHTML = parts.contains { if case .html = $0 { return true } else { return false } }
        var strings: [String] = []
        strings.reserveCapacity(parts.count)
        for part in parts {
            switch part {
            case .text(let s): strings.append(containsHTML ? Escaping.html(s) : s)
            case .html(let s): strings.append(s)
            case .number(let n): strings.append(plainNumberString(n))
            case .bool(let b): strings.append(String(b))
            default: throw FilterError("cannot join \(part.kindDescription); elements must be text or numbers")
            }
        }
        let joined = strings.dropFirst().joined(separator: strings[0])
        return containsHTML ? .html(joined) : .text(joined)
    }

    static func number(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        guard case .number(let n) = input else {
            throw FilterError("expects a number, got \(input.kindDescription)")
        }
        var digits = 3
        if let argument = arguments.first {
            guard case .number(let d) = argument, d == d.rounded(), (0...15).contains(d) else {
                throw FilterError("maxFractionDigits must be a whole number from 0 to 15")
            }
            digits = Int(d)
        }
        return .text(environment.numbers.string(n, maxFractionDigits: digits))
    }

    static func urlencode(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        switch input {
        case .text(let s), .html(let s): return .text(Escaping.percentEncode(s))
        case .number(let n): return .text(plainNumberString(n))
        default: throw FilterError("expects text, got \(input.kindDescription)")
        }
    }

    /// Returns html: the JSON is escaped for a `<script>` context instead of for HTML text.
    static func json(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        var output = ByteBuffer()
        try appendJSON(input, to: &output)
        return .html(output.text)
    }

    private static func appendJSON(_ value: Value, to output: inout ByteBuffer) throws {
        switch value {
        case .null: output.append("null")
        case .bool(let b): output.append(b ? "true" : "false")
        case .number(let n):
            guard n.isFinite else { throw FilterError("cannot encode \(n) as JSON") }
            output.append(plainNumber: n)
        case .text(let s), .html(let s): Escaping.appendJSONString(s, to: &output)
        case .list(let elements):
            output.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")) }
                try appendJSON(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .map(let map):
            output.append(UInt8(ascii: "{"))
            for (i, entry) in map.sortedEntries.enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")) }
                Escaping.appendJSONString(entry.key, to: &output)
                output.append(UInt8(ascii: ":"))
                try appendJSON(entry.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Idempotent: html passes through, so escaping twice never produces `&amp;amp;`.
    static func escape(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        switch input {
        case .text(let s): return .html(Escaping.html(s))
        case .html: return input
        case .number(let n): return .html(plainNumberString(n))
        case .bool(let b): return .html(String(b))
        default: throw FilterError("cannot escape \(input.kindDescription)")
        }
    }

    static func length(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        switch input {
        case .text(let s), .html(let s): return .number(Double(s.count))
        case .list(let l): return .number(Double(l.count))
        case .map(let m): return .number(Double(m.count))
        default: throw FilterError("expects text, a list or a map, got \(input.kindDescription)")
        }
    }

    static func upper(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        switch input {
        case .text(let s): return .text(s.uppercased())
        case .html(let s): return .html(s.uppercased())
        default: throw FilterError("expects text, got \(input.kindDescription)")
        }
    }

    static func lower(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        switch input {
        case .text(let s): return .text(s.lowercased())
        case .html(let s): return .html(s.lowercased())
        default: throw FilterError("expects text, got \(input.kindDescription)")
        }
    }

    /// Null for an empty list, so `| first | default("—")` handles it.
    static func first(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        switch input {
        case .list(let l): return l.first ?? .null
        case .text(let s): return s.first.map { .text(String($0)) } ?? .null
        default: throw FilterError("expects a list or text, got \(input.kindDescription)")
        }
    }

    static func last(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        switch input {
        case .list(let l): return l.last ?? .null
        case .text(let s): return s.last.map { .text(String($0)) } ?? .null
        default: throw FilterError("expects a list or text, got \(input.kindDescription)")
        }
    }

    /// Cuts a list into lists of `size` items, the last one shorter, so a template can write something between
    /// groups of a long list (the catalogue's pauses for the browser's parser) without arithmetic on indices.
    static func batch(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        guard case .list(let items) = input else {
            throw FilterError("expects a list, got \(input.kindDescription)")
        }
        guard case .number(let n) = arguments[0], n >= 1, n == n.rounded(), n < Double(Int.max) else {
            let got =
                if case .number(let n) = arguments[0] { plainNumberString(n) } else { arguments[0].kindDescription }
            throw FilterError("takes a whole number of items from 1, got \(got)")
        }
        let size = Int(n)
        return .list(
            stride(from: 0, to: items.count, by: size).map { .list(Array(items[$0..<min($0 + size, items.count)])) })
    }

    /// Marks text as trusted. The parser only accepts it as the last filter, so it cannot be undone by a later
    /// filter that returns text.
    static func raw(_ input: Value, _ arguments: [Value], _ environment: RenderEnvironment) throws -> Value {
        switch input {
        case .text(let s), .html(let s): return .html(s)
        case .number(let n): return .html(plainNumberString(n))
        case .bool(let b): return .html(String(b))
        default: throw FilterError("cannot output \(input.kindDescription) raw")
        }
    }
}
