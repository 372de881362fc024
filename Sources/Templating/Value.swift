/// The data a template can see.
///
/// Text and trusted markup are separate cases so that escaping is decided by the type of the data, not by
/// remembering to write a filter: everything a page model puts in as `.text` is escaped on output, and only
/// markup built by Swift code (`.html`) or explicitly marked with `| raw` reaches the page unchanged.
public enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    /// Escaped on output.
    case text(String)
    /// Trusted markup made by Swift code (for example an SVG chart); output as is.
    case html(String)
    case list([Value])
    case map(ValueMap)
}

extension Value: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension Value: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension Value: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension Value: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    /// The keys of a literal must differ (see `ValueMap.init(literal:)`).
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .map(ValueMap(literal: elements))
    }
}

extension Value {
    /// Jinja truthiness, so that `{% if list %}` and `{% if name %}` read naturally.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let b): return b
        case .number(let n): return n != 0
        case .text(let s), .html(let s): return !s.isEmpty
        case .list(let l): return !l.isEmpty
        case .map(let m): return !m.isEmpty
        }
    }

    /// Names used in error messages, so users see "a list" rather than a Swift dump of their data.
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .text: return "text"
        case .html: return "html"
        case .list: return "a list"
        case .map: return "a map"
        }
    }

    /// Template equality treats text and html with the same characters as equal: the distinction is about
    /// escaping, not about content.
    func templateEquals(_ other: Value) -> Bool {
        switch (self, other) {
        case (.text(let a), .text(let b)), (.text(let a), .html(let b)), (.html(let a), .text(let b)),
            (.html(let a), .html(let b)):
            return a == b
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.templateEquals($1) }
        case (.map(let a), .map(let b)):
            return a.count == b.count
                && a.entries.allSatisfy { key, value in b[key].map { value.templateEquals($0) } ?? false }
        default:
            return self == other
        }
    }
}

/// Integral numbers print without ".0" because page data such as "6250 cc" comes in as Double.
func plainNumberString(_ number: Double) -> String {
    var output = ByteBuffer(capacity: 24)
    output.append(plainNumber: number)
    return output.text
}

extension ByteBuffer {
    /// A number as templates print it and JSON writes it (`plainNumberString`): a whole number below 10¹⁵ without
    /// a fraction, any other in Swift's shortest form.
    public mutating func append(plainNumber number: Double) {
        if number.isFinite, number == number.rounded(.towardZero), abs(number) < 1e15 {
            append(integer: Int64(number))
        } else {
            append(utf8: number.description)
        }
    }
}
