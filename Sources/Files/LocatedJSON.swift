/// The dataset's strict JSON parser, opened to the package's other JSON inputs (the photo sidecar beside the
/// dataset and the answers of Flickr's oEmbed endpoint), so that their errors name a line and column exactly as
/// the dataset's do, and hostile input (10 000 nested brackets, lone surrogates) is refused the same way.
///
/// Every value carries its 1-based line and column (counted in characters). Those are computed for every value,
/// which the dataset's decoder avoids; these files are small.
package struct LocatedJSON: Sendable {
    package enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([LocatedJSON])
        /// Members in document order; a repeated key is a parse error, so each key is there once.
        case object([Member])
    }

    package struct Member: Sendable {
        package var key: String
        package var value: LocatedJSON
    }

    /// Why bytes are not acceptable JSON, and where.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package var line: Int
        package var column: Int
        package var message: String

        package var description: String { "line \(line), column \(column): \(message)" }
    }

    package var value: Value
    package var line: Int
    package var column: Int

    /// Parses `bytes`; a syntax error or a repeated key (parsers disagree on which one wins) is a `ParseError`.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> LocatedJSON {
        var locator = SourceLocator(bytes: bytes)
        return convert(try document(bytes, locator: &locator).root, &locator)
    }

    /// The parsed document of `bytes`, refused with a `ParseError` for a syntax error or a repeated key; also what
    /// `PlainJSON` reads.
    static func document(_ bytes: [UInt8], locator: inout SourceLocator) throws(ParseError) -> JSONDocument {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ParseError(line: error.line, column: error.column, message: error.message)
        }
        if let duplicate = document.duplicateKeys.first {
            let (line, column) = locator.location(of: duplicate.offset)
            let first = locator.location(of: duplicate.firstOffset)
            throw ParseError(
                line: line, column: column,
                message: "key \(JSONPath.quoted(duplicate.key)) appears twice (first at line \(first.line))")
        }
        return document
    }

    private static func convert(_ json: JSONValue, _ locator: inout SourceLocator) -> LocatedJSON {
        let (line, column) = locator.location(of: json.offset)
        let value: Value
        switch json.storage {
        case .null: value = .null
        case .bool(let flag): value = .bool(flag)
        case .number(let number): value = .number(number)
        case .string(let text): value = .string(text)
        case .array(let elements): value = .array(elements.map { convert($0, &locator) })
        case .object(let members):
            value = .object(members.map { Member(key: $0.key, value: convert($0.value, &locator)) })
        }
        return LocatedJSON(value: value, line: line, column: column)
    }

    /// The first member named `key` of an object, `nil` for a missing key or a value that is not an object.
    package subscript(_ key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    package var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    package var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// "a string", "an object": how a message names what it found.
    package var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A JSON path segment for `key`, quoted when it is not an identifier: `photos["33398253256"].width`.
    package static func path(_ path: String, appending key: String) -> String {
        JSONPath.appending(key: key, to: path)
    }
}
