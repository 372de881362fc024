import OperatingSystem

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that says exactly where and why a file is broken.
///
/// Foundation's parsers give no position (`JSONDecoder`) or a byte offset only (`JSONSerialization`), accept
/// trailing commas and keep one of two duplicate keys without a word. A data file edited by hand deserves better,
/// hence this parser. It works on an unsafe buffer over the bytes and builds `String`s only for string values,
/// because it must also stay fast on catalogues of tens of megabytes.
package enum JSONParser {
    /// Deep enough for any real data, shallow enough that the recursion cannot exhaust a thread's stack.
    package static let maximumDepth = 512

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
        let outcome = bytes.withUnsafeBufferPointer {
            buffer -> Result<(JSONValue, [JSONDocument.DuplicateKey]), Failure> in
            var parser = Parser(buffer: buffer)
            do throws(Failure) {
                let root = try parser.parseDocument()
                return .success((root, parser.duplicateKeys))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let (root, duplicates)):
            return JSONDocument(root: root, bytes: bytes, duplicateKeys: duplicates)
        case .failure(let failure):
            var locator = SourceLocator(bytes: bytes)
            let (line, column) = locator.location(of: failure.offset)
            throw JSONSyntaxError(message: failure.message, offset: failure.offset, line: line, column: column)
        }
    }

    fileprivate struct Failure: Error {
        package var offset: Int
        package var message: String
    }
}

private struct Parser {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0
    package var duplicateKeys: [JSONDocument.DuplicateKey] = []
    /// Reused for strings with escapes, so each one does not allocate a buffer of its own.
    package var scratch: [UInt8] = []
    /// Recently made mid-length strings by a hash of their bytes. Keys and text-key references such as
    /// "capacities_performances" repeat in every element and are too long for Swift's inline small strings, so
    /// sharing one copy saves an allocation, a copy and a free per occurrence.
    package var internTable = [String?](repeating: nil, count: 1024)

    package init(buffer: UnsafeBufferPointer<UInt8>) {
        self.bytes = buffer
    }

    package typealias Failure = JSONParser.Failure

    // MARK: Structure

    package mutating func parseDocument() throws(Failure) -> JSONValue {
        // A byte order mark is harmless and some editors on Windows still write one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let root = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw fail("unexpected \(describe(at: index)) after the end of the JSON document")
        }
        return root
    }

    package mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw fail("expected a value, found end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            let start = index
            let string = try parseString()
            return JSONValue(storage: .string(string), offset: start, end: index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default:
            throw fail("expected a value, found \(describe(at: index))")
        }
    }

    package mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        let start = index
        if depth > JSONParser.maximumDepth {
            throw fail("arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep")
        }
        index += 1
        var members: [JSONValue.Member] = []
        // Small objects are checked for duplicates by a scan; large ones (such as `texts`) switch to a hash set.
        var seen: [String: Int]? = nil
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return JSONValue(storage: .object(members), offset: start, end: index)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                if members.isEmpty {
                    throw fail("expected a string key or '}' in an object, found \(describe(at: index))")
                }
                throw fail("expected a string key after ',', found \(describe(at: index))")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw fail("expected ':' after an object key, found \(describe(at: index))")
            }
            index += 1
            let value = try parseValue(depth: depth)
            recordDuplicate(key: key, at: keyOffset, in: members, seen: &seen)
            members.append(JSONValue.Member(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            if try endOfItem(closing: "}", item: "an object member") {
                return JSONValue(storage: .object(members), offset: start, end: index)
            }
        }
    }

    /// After an item of an array or an object: a `,` means another item follows (a trailing comma before the
    /// closing bracket is an error), the closing bracket ends the container. Returns true when it ended.
    package mutating func endOfItem(closing close: Unicode.Scalar, item: String) throws(Failure) -> Bool {
        let closing = UInt8(close.value)
        if peek() == UInt8(ascii: ",") {
            let comma = index
            index += 1
            skipWhitespace()
            if peek() == closing {
                throw fail("trailing comma before '\(close)' (JSON does not allow one)", at: comma)
            }
            return false
        }
        guard peek() == closing else {
            throw fail("expected ',' or '\(close)' after \(item), found \(describe(at: index))")
        }
        index += 1
        return true
    }

    package mutating func recordDuplicate(
        key: String, at offset: Int, in members: [JSONValue.Member], seen: inout [String: Int]?
    ) {
        if seen == nil, members.count >= 16 {
            var table: [String: Int] = [:]
            for (position, member) in members.enumerated() where table[member.key] == nil {
                table[member.key] = position
            }
            seen = table
        }
        let first: Int?
        if seen != nil {
            first = seen![key]
            if first == nil { seen![key] = members.count }
        } else {
            first = members.firstIndex { $0.key == key }
        }
        if let first {
            duplicateKeys.append(.init(key: key, offset: offset, firstOffset: members[first].keyOffset))
        }
    }

    package mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        let start = index
        if depth > JSONParser.maximumDepth {
            throw fail("arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep")
        }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return JSONValue(storage: .array(elements), offset: start, end: index)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if try endOfItem(closing: "]", item: "an array element") {
                return JSONValue(storage: .array(elements), offset: start, end: index)
            }
        }
    }

    package mutating func parseLiteral(_ word: StaticString, _ storage: JSONValue.Storage) throws(Failure) -> JSONValue
    {
        let start = index
        let length = word.utf8CodeUnitCount
        let matches =
            index + length <= bytes.count
            && (0..<length).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
        guard matches else {
            var end = index
            while end < bytes.count, end - index < 20, isWordByte(bytes[end]) { end += 1 }
            let found = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            throw fail("expected a value, found '\(found)' (literals are true, false and null)")
        }
        index += length
        return JSONValue(storage: storage, offset: start, end: index)
    }

    // MARK: Strings

    /// Parses the string whose opening quote is at `index`.
    package mutating func parseString() throws(Failure) -> String {
        let start = index
        index += 1
        let contentStart = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                return content.count > 15 && content.count <= 48
                    ? interned(content) : String(decoding: content, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(from: contentStart, openingQuote: start)
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                index += 1
            } else {
                index += try utf8SequenceLength(at: index)
            }
        }
        throw fail("unterminated string: the closing '\"' is missing", at: start)
    }

    /// The string for `content` from the intern table, made and remembered if it is not there.
    package mutating func interned(_ content: UnsafeBufferPointer<UInt8>) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in content { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let slot = Int(hash & UInt32(internTable.count - 1))
        if let existing = internTable[slot] {
            let same = existing.utf8.withContiguousStorageIfAvailable { stored in
                stored.count == content.count && memcmp(stored.baseAddress!, content.baseAddress!, content.count) == 0
            }
            if same == true { return existing }
        }
        let string = String(decoding: content, as: UTF8.self)
        internTable[slot] = string
        return string
    }

    package mutating func parseEscapedString(from contentStart: Int, openingQuote: Int) throws(Failure) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                scratch.append(byte)
                index += 1
            } else {
                let length = try utf8SequenceLength(at: index)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
        throw fail("unterminated string: the closing '\"' is missing", at: openingQuote)
    }

    /// Decodes the escape at `index` (a backslash) into `scratch`.
    package mutating func parseEscape() throws(Failure) {
        let backslash = index
        guard index + 1 < bytes.count else { throw fail("unterminated string: the file ends inside an escape") }
        let code = bytes[index + 1]
        index += 2
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(code)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeAt: backslash)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate only means something together with the low surrogate that must follow it.
                let low: UInt16?
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let second = index
                    index += 2
                    let candidate = try hexQuad(escapeAt: second)
                    low = (0xDC00...0xDFFF).contains(candidate) ? candidate : nil
                } else {
                    low = nil
                }
                guard let low else {
                    throw fail(
                        "lone surrogate \\u\(hex(unit)): a high surrogate must be followed by a low surrogate escape",
                        at: backslash)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw fail(
                    "lone surrogate \\u\(hex(unit)): a low surrogate must follow a high surrogate", at: backslash)
            }
            scratch.append(contentsOf: Array(String(Unicode.Scalar(scalarValue)!).utf8))
        default:
            throw fail("invalid escape '\\\(describeEscapeByte(code))' in a string", at: backslash)
        }
    }

    package mutating func hexQuad(escapeAt backslash: Int) throws(Failure) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < bytes.count, let digit = hexDigit(bytes[index + offset]) else {
                throw fail("invalid \\u escape: expected 4 hexadecimal digits", at: backslash)
            }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }

    /// Length of the well-formed UTF-8 sequence starting at `position`, or a failure naming the bad byte.
    package func utf8SequenceLength(at position: Int) throws(Failure) -> Int {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw fail("invalid UTF-8: byte 0x\(hex(lead)) cannot start a character", at: position)
        }
        for offset in 1..<length {
            let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
            guard position + offset < bytes.count, range.contains(bytes[position + offset]) else {
                throw fail("invalid UTF-8: malformed sequence starting with byte 0x\(hex(lead))", at: position)
            }
        }
        return length
    }

    package func controlCharacter(_ byte: UInt8) -> Failure {
        fail("control character U+00\(hex(byte)) must be escaped in a string (a missing closing '\"'?)")
    }

    // MARK: Numbers

    package mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw fail("expected a digit after '-', found \(describe(at: index))")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw fail("numbers cannot have leading zeros", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], into: &mantissa, digits: &digits, exponent: &exponent, isFraction: false)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("expected a digit after '.', found \(describe(at: index))")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], into: &mantissa, digits: &digits, exponent: &exponent, isFraction: true)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("expected a digit in the exponent, found \(describe(at: index))")
            }
            var written = 0
            while index < bytes.count, isDigit(bytes[index]) {
                // Clamped: anything this large overflows or underflows anyway.
                written = min(written * 10 + Int(bytes[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        let value: Double
        if digits <= 19, mantissa <= 1 << 53, abs(exponent) <= 22 {
            // Both factors are exact doubles, so one multiplication or division rounds correctly (Clinger).
            let scale = Self.powersOfTen[abs(exponent)]
            let magnitude = exponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
            value = negative ? -magnitude : magnitude
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            value = Double(text) ?? .infinity
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            throw fail("number \(text.prefix(40)) is too large to be represented", at: start)
        }
        return JSONValue(storage: .number(value), offset: start, end: index)
    }

    /// Adds a digit to the mantissa while it fits; later digits of a long number only move the exponent.
    package func accumulate(
        _ byte: UInt8, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int, isFraction: Bool
    ) {
        let digit = UInt64(byte - UInt8(ascii: "0"))
        if digits == 0, digit == 0 {
            if isFraction { exponent -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + digit
            if isFraction { exponent -= 1 }
        } else if !isFraction {
            exponent += 1
        }
        digits += 1
    }

    package static let powersOfTen: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }

    // MARK: Helpers

    package func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    package func fail(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? index, message: message)
    }

    /// What is at `position`, as error messages name it: `'"'`, `'è'`, `end of file`, `byte 0xFF`.
    package func describe(at position: Int) -> String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        switch byte {
        case 0x0A: return "a line break"
        case 0x00..<0x20, 0x7F: return "control character U+00\(hex(byte))"
        case 0x20..<0x80: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            guard let length = try? utf8SequenceLength(at: position) else {
                return "invalid UTF-8 byte 0x\(hex(byte))"
            }
            return "'"
                + String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
                + "'"
        }
    }

    package func describeEscapeByte(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "0x" + hex(byte)
    }

    package func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    package func isWordByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || isDigit(byte)
    }

    package func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    package func hex<T: BinaryInteger>(_ value: T) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        let width = T.self == UInt8.self ? 2 : 4
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
