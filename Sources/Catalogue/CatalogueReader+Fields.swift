import Files

/// The readers of single fields: each checks a value's type and range and reports what does not fit.
extension CatalogueReader {
    /// The member `key` of `object`, reporting it as missing if it is not there.
    mutating func field(in object: JSONValue, _ key: String, path: String) -> JSONValue? {
        if let member = object.member(key) { return member.value }
        reporter.missingKey(key, in: object, path: path)
        return nil
    }

    /// A nested object with its path, or `nil` after reporting why not.
    mutating func section(_ object: JSONValue, _ key: String, path: String) -> Located? {
        guard let value = field(in: object, key, path: path) else { return nil }
        let sectionPath = JSONPath.appending(key: key, to: path)
        guard value.members != nil else {
            reporter.typeMismatch(sectionPath, value, expected: "an object")
            return nil
        }
        return Located(value: value, path: sectionPath)
    }

    /// A required figure: the key must be there and hold a number. `nil` when it is 0, which published datasets
    /// have used for "unknown" (warned, shown as not stated), or after a reported problem.
    mutating func number(in object: Located, _ key: String) -> Double? {
        guard let value = field(in: object.value, key, path: object.path) else { return nil }
        return figure(value, path: JSONPath.appending(key: key, to: object.path), nullable: false)
    }

    /// A figure that may be `null`; 0 is read as `null` too, with a warning.
    mutating func optionalNumber(in object: Located, _ key: String) -> Double? {
        guard let value = field(in: object.value, key, path: object.path) else { return nil }
        return figure(value, path: JSONPath.appending(key: key, to: object.path), nullable: true)
    }

    /// Why 0 is only a warning: the app showed such a file without trouble, and a publisher must be able to build
    /// it; a negative figure is never a placeholder, so it stays an error.
    mutating func figure(_ value: JSONValue, path: @autoclosure () -> String, nullable: Bool) -> Double? {
        if nullable, value.isNull { return nil }
        guard let number = value.number else {
            reporter.typeMismatch(path(), value, expected: nullable ? "a number or null" : "a number")
            return nil
        }
        if number == 0 {
            reporter.warning(path(), at: value.offset, "0 is read as unknown; the site shows it as not stated")
            return nil
        }
        guard number > 0 else {
            reporter.error(path(), at: value.offset, "must be greater than zero, found \(reporter.found(value))")
            return nil
        }
        return number
    }

    mutating func integer(in object: JSONValue, _ key: String, path: String) -> Int {
        guard let value = field(in: object, key, path: path) else { return 0 }
        return integerValue(value, path: JSONPath.appending(key: key, to: path)) ?? 0
    }

    /// Integers are numbers without a fractional part, so `1.5` is refused but `2.0` would pass.
    mutating func integerValue(_ value: JSONValue, path: @autoclosure () -> String) -> Int? {
        guard let number = value.number, number.rounded(.towardZero) == number, abs(number) < 9e15 else {
            reporter.typeMismatch(path(), value, expected: "an integer")
            return nil
        }
        return Int(number)
    }

    mutating func year(in object: Located, _ key: String, optional: Bool) -> Int? {
        guard let value = field(in: object.value, key, path: object.path) else { return nil }
        if optional, value.isNull { return nil }
        guard let year = integerValue(value, path: JSONPath.appending(key: key, to: object.path)) else { return nil }
        guard Self.plausibleYears.contains(year) else {
            reporter.error(
                JSONPath.appending(key: key, to: object.path), at: value.offset,
                "year \(year) is outside \(Self.plausibleYears.lowerBound)…\(Self.plausibleYears.upperBound)")
            return nil
        }
        return year
    }

    mutating func string(in object: Located, _ key: String, nonEmpty: Bool) -> String {
        guard let value = field(in: object.value, key, path: object.path) else { return "" }
        guard let text = value.string else {
            reporter.typeMismatch(JSONPath.appending(key: key, to: object.path), value, expected: "a string")
            return ""
        }
        if nonEmpty, text.allSatisfy(\.isWhitespace) {
            reporter.error(JSONPath.appending(key: key, to: object.path), at: value.offset, "must not be empty")
        }
        return text
    }

    mutating func optionalString(in object: Located, _ key: String) -> String? {
        guard let value = field(in: object.value, key, path: object.path) else { return nil }
        if value.isNull { return nil }
        guard let text = value.string else {
            reporter.typeMismatch(JSONPath.appending(key: key, to: object.path), value, expected: "a string or null")
            return nil
        }
        return text
    }

    /// Resolves a text key ("engine_feed") through the element's `texts` entry; `null` means no text.
    mutating func text(in object: Located, _ key: String, entry: TextTable.Entry?) -> LocalizedText {
        guard let value = field(in: object.value, key, path: object.path) else { return .empty }
        if value.isNull { return .empty }
        guard let textKey = value.string else {
            reporter.typeMismatch(
                JSONPath.appending(key: key, to: object.path), value, expected: "a text key (a string)")
            return .empty
        }
        // Without an entry for the element the missing entry was reported once already, at the id.
        guard let entry else { return .empty }
        guard let text = entry.text(for: textKey) else {
            reporter.warning(
                JSONPath.appending(key: key, to: object.path), at: value.offset,
                "text key \(JSONPath.quoted(textKey)) has no entry in \(entry.path); shown as not stated")
            return .empty
        }
        return text
    }
}
