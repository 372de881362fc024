/// One value of a parsed JSON document, with where it came from.
///
/// Values keep byte offsets rather than line and column: counting columns in characters costs a pass over every
/// line, and only the few values that end up in a `Problem` ever need one. `SourceLocator.location(of:)` turns an
/// offset into a line and column on demand.
package struct JSONValue: Sendable {
    package enum Storage: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in document order, duplicates included, so that nothing in the file is silently dropped.
        case object([Member])
    }

    package struct Member: Sendable {
        package var key: String
        /// Byte offset of the key's opening quote.
        package var keyOffset: Int
        package var value: JSONValue
    }

    package var storage: Storage
    /// Byte offset of the value's first byte.
    package var offset: Int
    /// Byte offset just past the value's last byte, so messages can quote the value as written.
    package var end: Int

    package var isNull: Bool {
        if case .null = storage { return true }
        return false
    }

    package var number: Double? {
        if case .number(let value) = storage { return value }
        return nil
    }

    package var string: String? {
        if case .string(let value) = storage { return value }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let values) = storage { return values }
        return nil
    }

    package var members: [Member]? {
        if case .object(let members) = storage { return members }
        return nil
    }

    /// The first member named `key`; a duplicate is reported by the parser, so the first one wins here.
    ///
    /// A linear scan beats hashing for the dozen keys of a schema object; large objects get a dictionary from
    /// their caller instead.
    package func member(_ key: String) -> Member? {
        guard case .object(let members) = storage else { return nil }
        for member in members where member.key == key { return member }
        return nil
    }

    /// The kind of value, as a message names it ("expected a number, found an object").
    package var kindName: String {
        switch storage {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
