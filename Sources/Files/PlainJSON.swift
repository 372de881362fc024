import Foundation

/// JSON read into Foundation-style values (`[String: Any]`, `[Any]`, `String`, `Int` for integral numbers,
/// `Double`, `Bool`, `NSNull`), for the small tables of `Resources/i18n`, which are read with `as?` casts.
///
/// Why not `JSONSerialization`: on Linux it cost twice as much as this parser for the same tables, half of it
/// in run-time type lookups at first use, on the path of every build; its errors give no line or column; and of
/// a repeated key it keeps one value without a word. Here a repeated key is an error (a label defined twice),
/// as in the other JSON the package reads (`LocatedJSON`).
package enum PlainJSON {
    /// The value of `bytes`, or where and why they are not acceptable JSON (`line 3, column 5: …`).
    package static func parse(_ bytes: [UInt8]) -> Result<Any, LocatedJSON.ParseError> {
        var locator = SourceLocator(bytes: bytes)
        return Result { () throws(LocatedJSON.ParseError) in
            plain(try LocatedJSON.document(bytes, locator: &locator).root)
        }
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
