/// An edition's plural rules, as data: a small subset of CLDR's rule syntax, one condition per category, with
/// `other` for every number no condition matches. Italian and English state `"one": "i = 1 and v = 0"`,
/// French `"one": "i = 0 or i = 1"`.
///
/// Only what whole counts need is understood: the operands `n` (the number), `i` (its integer digits) and `v`
/// (its visible fraction digits, always 0 for a count), `=` and `!=`, `and`, `or`, and values and ranges
/// (`0..1`) separated by commas. Anything else fails the load with the file's name, so a rule copied from CLDR
/// that uses more is noticed rather than silently misread.
public struct PluralRules: Sendable, Equatable {
    /// `or` of `and` of relations.
    typealias Condition = [[Relation]]

    struct Relation: Sendable, Equatable {
        enum Operand: String, Sendable { case n, i, v }
        let operand: Operand
        let isNegated: Bool
        let ranges: [ClosedRange<Int>]

        func matches(_ count: Int) -> Bool {
            let value = operand == .v ? 0 : abs(count)
            return ranges.contains { $0.contains(value) } != isNegated
        }
    }

    /// Categories in a fixed order (CLDR's), each with its condition.
    let rules: [(category: String, condition: Condition)]

    /// The categories CLDR defines; `other` needs no rule.
    static let categories = ["zero", "one", "two", "few", "many"]

    public static func == (lhs: PluralRules, rhs: PluralRules) -> Bool {
        lhs.rules.elementsEqual(rhs.rules) { $0.category == $1.category && $0.condition == $1.condition }
    }

    /// Reads `{"one": "i = 1 and v = 0"}`; `path` names the file in errors.
    init(_ source: [String: String], path: String) throws(SiteError) {
        var rules: [(category: String, condition: Condition)] = []
        for category in source.keys where !Self.categories.contains(category) {
            throw .localization(
                path: path,
                message: "plural_rules: unknown category \"\(category)\" (expected "
                    + Self.categories.joined(separator: ", ") + "; \"other\" needs no rule)")
        }
        for category in Self.categories {
            guard let text = source[category] else { continue }
            do {
                rules.append((category, try Self.parse(text)))
            } catch {
                throw .localization(path: path, message: "plural_rules.\(category): \(error.message) in \"\(text)\"")
            }
        }
        self.rules = rules
    }

    /// The categories this edition's tables must give a text for: those with a rule, and `other`.
    public var requiredCategories: [String] { rules.map(\.category) + ["other"] }

    /// The category of a whole count: the first rule that matches, else `other`.
    public func category(_ count: Int) -> String {
        for rule in rules where rule.condition.contains(where: { $0.allSatisfy { $0.matches(count) } }) {
            return rule.category
        }
        return "other"
    }

    struct ParseError: Error {
        let message: String
    }

    static func parse(_ text: String) throws(ParseError) -> Condition {
        let tokens = text.split(separator: " ").map(String.init)
        guard !tokens.isEmpty else { throw ParseError(message: "empty rule") }
        var condition: Condition = [[]]
        var index = 0
        while true {
            guard index + 3 <= tokens.count else {
                throw ParseError(message: "a relation needs an operand, = or != and values")
            }
            guard let operand = Relation.Operand(rawValue: tokens[index]) else {
                throw ParseError(message: "unsupported operand \"\(tokens[index])\" (only n, i and v)")
            }
            let isNegated: Bool
            switch tokens[index + 1] {
            case "=": isNegated = false
            case "!=": isNegated = true
            default: throw ParseError(message: "unsupported operator \"\(tokens[index + 1])\" (only = and !=)")
            }
            var ranges: [ClosedRange<Int>] = []
            for part in tokens[index + 2].split(separator: ",", omittingEmptySubsequences: false) {
                let bounds = part.split(separator: ".", omittingEmptySubsequences: false)
                if bounds.count == 1, let value = Int(bounds[0]), value >= 0 {
                    ranges.append(value...value)
                } else if bounds.count == 3, bounds[1].isEmpty, let low = Int(bounds[0]), let high = Int(bounds[2]),
                    low >= 0, low <= high
                {
                    ranges.append(low...high)
                } else {
                    throw ParseError(message: "unsupported value \"\(part)\" (a number or a range like 0..1)")
                }
            }
            condition[condition.count - 1].append(Relation(operand: operand, isNegated: isNegated, ranges: ranges))
            index += 3
            guard index < tokens.count else { return condition }
            switch tokens[index] {
            case "and": break
            case "or": condition.append([])
            default: throw ParseError(message: "unsupported word \"\(tokens[index])\" (only and, or)")
            }
            index += 1
        }
    }
}
