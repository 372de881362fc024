import Foundation

/// JSON read into Foundation-style values (`[String: Any]`, `[Any]`, `String`, `Int` for integral numbers,
/// `Double`, `Bool`, `NSNull`), for the small tables of `Resources/i18n`, which are read with `as?` casts.
///
/// Why not `JSONSerialization`: on Linux it cost twice as much as this parser for the same tables, half of it
/// in run-time type lookups at first use, on the path of every build; its errors give no line or column; and of
/// a repeated key it keeps one value without a word. Here a repeated key is an error, as a typo in a table
/// (a label defined twice) should be.
public enum PlainJSON {
    /// The value of `bytes`, or where and why they are not JSON (`line 3, column 5: …`).
    public static func parse(_ bytes: [UInt8]) -> Result<Any, PlainJSONError> {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            return .failure(PlainJSONError(description: error.description))
        }
        if let repeated = document.duplicateKeys.first {
            var locator = SourceLocator(bytes: bytes)
            let (line, column) = locator.location(of: repeated.offset)
            let (firstLine, _) = locator.location(of: repeated.firstOffset)
            return .failure(
                PlainJSONError(
                    description: "line \(line), column \(column): the key \(JSONPath.quoted(repeated.key)) is "
                        + "already defined on line \(firstLine)"))
        }
        return .success(plain(document.root))
    }

    private static func plain(_ value: JSONValue) -> Any {
        switch value.storage {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let number):
            if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return Int(number) }
            return number
        case .string(let text): return text
        case .array(let elements): return elements.map(plain)
        case .object(let members):
            var object: [String: Any] = [:]
            object.reserveCapacity(members.count)
            for member in members { object[member.key] = plain(member.value) }
            return object
        }
    }
}

/// Why bytes are not JSON, with the line and column.
public struct PlainJSONError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
