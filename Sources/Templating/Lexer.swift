/// A lexical token with its 1-based position, kept so every later error can point at the source.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Literal template text, already trimmed by whitespace control.
        case text(String)
        /// `{{`
        case outputStart
        /// `}}`
        case outputEnd
        /// `{%`
        case statementStart
        /// `%}`
        case statementEnd
        case identifier(String)
        case string(String)
        case number(Double)
        /// Operators and punctuation: `== != <= >= < > | ( ) , . =`
        case symbol(String)
        case endOfTemplate
    }

    let kind: Kind
    let line: Int
    let column: Int

    /// How the token reads in "expected X but found Y" messages.
    var displayName: String {
        switch kind {
        case .text: return "text"
        case .outputStart: return "'{{'"
        case .outputEnd: return "'}}'"
        case .statementStart: return "'{%'"
        case .statementEnd: return "'%}'"
        case .identifier(let name): return "'\(name)'"
        case .string(let s): return "string \"\(s)\""
        case .number(let n): return "number \(plainNumberString(n))"
        case .symbol(let s): return "'\(s)'"
        case .endOfTemplate: return "the end of the template"
        }
    }
}

/// Splits a template into text and tag tokens in one pass.
///
/// Whitespace control (`{%-`, `-%}` and the `{{`/`{#` forms) is applied here, on the text tokens, so the parser
/// and renderer never need to know about it. Comments are dropped here for the same reason.
///
/// It reads UTF-8 bytes, not `Character`s: a template is mostly text between tags, which is now sliced out of
/// the bytes rather than appended character by character, and compiling the templates (every build does) took
/// as long as decoding the catalogue, half of it here. Positions are still counted in characters, as editors
/// count columns: a line is counted in characters only when it holds a byte outside ASCII. Newlines and
/// whitespace are what `Character` calls so (`\r\n` is one line break), letters and digits in names what
/// Unicode calls alphabetic and numeric.
struct Lexer {
    private let bytes: [UInt8]
    private let file: SourceFile
    private var index = 0
    private var line = 1
    /// Where the current line starts, and a known column on it (`columnOffset`, `columnValue`), so that columns
    /// are counted from the last one rather than from the line's start.
    private var lineStart = 0
    private var columnOffset = 0
    private var columnValue = 1
    private var tokens: [Token] = []
    /// Set by a closing `-%}`-style delimiter: the next text loses its leading whitespace.
    private var trimNextText = false

    init(source: String, file: SourceFile) {
        self.bytes = Array(source.utf8)
        self.file = file
    }

    static func tokenize(_ source: String, file: SourceFile) throws(TemplateError) -> [Token] {
        var lexer = Lexer(source: source, file: file)
        return try lexer.run()
    }

    private mutating func run() throws(TemplateError) -> [Token] {
        var textStart = index
        var textLine = line
        var textColumn = column
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "{") || bytes[index + 1] == UInt8(ascii: "%")
                    || bytes[index + 1] == UInt8(ascii: "#")
            {
                let opener = bytes[index + 1]
                let trimBefore = index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: "-")
                emitText(from: textStart, to: index, line: textLine, column: textColumn, trimTrailing: trimBefore)
                let startLine = line
                let startColumn = column
                index += trimBefore ? 3 : 2
                switch opener {
                case UInt8(ascii: "#"): try skipComment(line: startLine, column: startColumn)
                case UInt8(ascii: "{"): try lexTag(isOutput: true, line: startLine, column: startColumn)
                default: try lexTag(isOutput: false, line: startLine, column: startColumn)
                }
                textStart = index
                textLine = line
                textColumn = column
            } else if byte < 0x80 && byte > 0x0D {
                index += 1  // the common case: printable ASCII other than `{`
            } else {
                advance()
            }
        }
        emitText(from: textStart, to: index, line: textLine, column: textColumn, trimTrailing: false)
        tokens.append(Token(kind: .endOfTemplate, line: line, column: column))
        return tokens
    }

    /// The text between `start` and `end`, trimmed as the delimiters around it ask, as a token.
    private mutating func emitText(from start: Int, to end: Int, line: Int, column: Int, trimTrailing: Bool) {
        var start = start
        var end = end
        var line = line
        var column = column
        if trimNextText {
            while start < end, let (length, isNewline) = whitespace(at: start, end: end) {
                if isNewline {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                start += length
            }
            trimNextText = false
        }
        if trimTrailing {
            while end > start, let length = whitespace(endingAt: end, start: start) { end -= length }
        }
        if start < end {
            tokens.append(
                Token(kind: .text(String(decoding: bytes[start..<end], as: UTF8.self)), line: line, column: column))
        }
    }

    // MARK: Positions

    /// The column of `index`, in characters.
    private mutating func columnOf(_ offset: Int) -> Int {
        if offset < columnOffset || columnOffset < lineStart {
            columnOffset = lineStart
            columnValue = 1
        }
        let run = bytes[columnOffset..<offset]
        let value =
            run.contains { $0 >= 0x80 }
            ? columnValue + String(decoding: run, as: UTF8.self).count
            : columnValue + run.count
        columnOffset = offset
        columnValue = value
        return value
    }

    private var column: Int {
        mutating get { columnOf(index) }
    }

    /// Moves past one character-sized step: a line break (counting the line), or one scalar.
    private mutating func advance() {
        if let length = newline(at: index) {
            index += length
            line += 1
            lineStart = index
            return
        }
        index += Lexer.scalarLength(bytes[index])
    }

    /// The length in bytes of the line break at `offset`; `nil` for anything else. `Character`'s line breaks:
    /// LF, VT, FF, CR, CR LF, NEL, LS, PS.
    private func newline(at offset: Int) -> Int? {
        let byte = bytes[offset]
        switch byte {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D: return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
        case 0xC2: return offset + 1 < bytes.count && bytes[offset + 1] == 0x85 ? 2 : nil
        case 0xE2:
            return offset + 2 < bytes.count && bytes[offset + 1] == 0x80
                && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9) ? 3 : nil
        default: return nil
        }
    }

    /// The whitespace character at `offset` (before `end`): its length and whether it is a line break.
    private func whitespace(at offset: Int, end: Int) -> (Int, Bool)? {
        if let length = newline(at: offset) { return (length, true) }
        let byte = bytes[offset]
        if byte == 0x20 || byte == 0x09 { return (1, false) }
        guard byte >= 0x80, let (scalar, length) = scalar(at: offset), offset + length <= end,
            scalar.properties.isWhitespace
        else { return nil }
        return (length, false)
    }

    /// The length of the whitespace character that ends just before `end` (after `start`), if there is one.
    private func whitespace(endingAt end: Int, start: Int) -> Int? {
        let last = bytes[end - 1]
        if last == 0x0A {
            return end - 2 >= start && bytes[end - 2] == 0x0D ? 2 : 1
        }
        if last < 0x80 {
            return last == 0x20 || (0x09...0x0D).contains(last) ? 1 : nil
        }
        var first = end - 1
        while first > start, end - first < 4, bytes[first] & 0xC0 == 0x80 { first -= 1 }
        guard let (scalar, length) = scalar(at: first), first + length == end, scalar.properties.isWhitespace
        else { return nil }
        return length
    }

    /// The scalar that starts at `offset`, and its length; `nil` where no valid one starts.
    private func scalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        let length = Lexer.scalarLength(bytes[offset])
        guard offset + length <= bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[offset..<(offset + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, length)
    }

    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    /// The character at `offset`, for messages.
    private func character(at offset: Int) -> Character {
        String(decoding: bytes[offset..<min(offset + 64, bytes.count)], as: UTF8.self).first ?? " "
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    // MARK: Tags

    private mutating func skipComment(line: Int, column: Int) throws(TemplateError) {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), peek(1) == UInt8(ascii: "#"), peek(2) == UInt8(ascii: "}") {
                index += 3
                trimNextText = true
                return
            }
            if bytes[index] == UInt8(ascii: "#"), peek(1) == UInt8(ascii: "}") {
                index += 2
                return
            }
            advance()
        }
        throw file.error("unclosed comment: expected '#}'", line: line, column: column)
    }

    private mutating func lexTag(isOutput: Bool, line startLine: Int, column startColumn: Int) throws(TemplateError) {
        tokens.append(Token(kind: isOutput ? .outputStart : .statementStart, line: startLine, column: startColumn))
        let closer = isOutput ? UInt8(ascii: "}") : UInt8(ascii: "%")
        let closerText = isOutput ? "}}" : "%}"
        while true {
            while index < bytes.count, whitespace(at: index, end: bytes.count) != nil { advance() }
            guard let c = peek() else {
                throw file.error(
                    "unclosed '\(isOutput ? "{{" : "{%")': expected '\(closerText)'", line: startLine,
                    column: startColumn)
            }
            let tokenLine = line
            let tokenColumn = column
            if c == UInt8(ascii: "-"), peek(1) == closer, peek(2) == UInt8(ascii: "}") {
                index += 3
                trimNextText = true
                tokens.append(
                    Token(kind: isOutput ? .outputEnd : .statementEnd, line: tokenLine, column: tokenColumn))
                return
            }
            if c == closer, peek(1) == UInt8(ascii: "}") {
                index += 2
                tokens.append(
                    Token(kind: isOutput ? .outputEnd : .statementEnd, line: tokenLine, column: tokenColumn))
                return
            }
            let kind = try lexExpressionToken(c, line: tokenLine, column: tokenColumn)
            tokens.append(Token(kind: kind, line: tokenLine, column: tokenColumn))
        }
    }

    /// Letters may start a name, letters, digits and combining marks continue it (`_` too), in any script.
    private func nameScalar(at offset: Int, first: Bool) -> Int? {
        let byte = bytes[offset]
        if byte < 0x80 {
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            return isLetter || byte == UInt8(ascii: "_") || (!first && isDigit) ? 1 : nil
        }
        guard let (scalar, length) = scalar(at: offset) else { return nil }
        let properties = scalar.properties
        if properties.isAlphabetic { return length }
        if first { return nil }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return length
        default: return properties.numericType != nil ? length : nil
        }
    }

    private mutating func lexExpressionToken(_ c: UInt8, line: Int, column: Int) throws(TemplateError) -> Token.Kind {
        if nameScalar(at: index, first: true) != nil {
            let start = index
            while index < bytes.count, let length = nameScalar(at: index, first: false) { index += length }
            return .identifier(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        func isDigit(_ byte: UInt8?) -> Bool {
            byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false
        }
        if isDigit(c) {
            let start = index
            while isDigit(peek()) { index += 1 }
            if peek() == UInt8(ascii: "."), isDigit(peek(1)) {
                index += 1
                while isDigit(peek()) { index += 1 }
            }
            return .number(Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0)
        }
        if c == UInt8(ascii: "\"") {
            return .string(try lexString(line: line, column: column))
        }
        if let next = peek(1), next == UInt8(ascii: "="),
            c == UInt8(ascii: "=") || c == UInt8(ascii: "!") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">")
        {
            index += 2
            return .symbol(String(decoding: [c, next], as: UTF8.self))
        }
        if "<>|(),.=".utf8.contains(c) {
            index += 1
            return .symbol(String(UnicodeScalar(c)))
        }
        throw file.error("unexpected character '\(character(at: index))' in expression", line: line, column: column)
    }

    private mutating func lexString(line startLine: Int, column startColumn: Int) throws(TemplateError) -> String {
        index += 1
        var value: [UInt8] = []
        while let c = peek() {
            if c == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: value, as: UTF8.self)
            }
            if c == UInt8(ascii: "\\") {
                guard let escaped = peek(1), escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else {
                    throw file.error(
                        "unknown escape in string literal: only \\\" and \\\\ are allowed", line: line,
                        column: column)
                }
                value.append(escaped)
                index += 2
                continue
            }
            if newline(at: index) != nil { break }
            value.append(c)
            index += 1
        }
        throw file.error("unterminated string literal", line: startLine, column: startColumn)
    }
}
