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
struct Lexer {
    private let characters: [Character]
    private let file: SourceFile
    private var index = 0
    private var line = 1
    private var column = 1
    private var tokens: [Token] = []
    /// Set by a closing `-%}`-style delimiter: the next text loses its leading whitespace.
    private var trimNextText = false

    init(source: String, file: SourceFile) {
        self.characters = Array(source)
        self.file = file
    }

    static func tokenize(_ source: String, file: SourceFile) throws(TemplateError) -> [Token] {
        var lexer = Lexer(source: source, file: file)
        return try lexer.run()
    }

    private mutating func run() throws(TemplateError) -> [Token] {
        var text = ""
        var textLine = line
        var textColumn = column
        while index < characters.count {
            if characters[index] == "{", index + 1 < characters.count,
                ["{", "%", "#"].contains(characters[index + 1])
            {
                let opener = characters[index + 1]
                let trimBefore = index + 2 < characters.count && characters[index + 2] == "-"
                emitText(text, line: textLine, column: textColumn, trimTrailing: trimBefore)
                text = ""
                let startLine = line
                let startColumn = column
                advance(by: trimBefore ? 3 : 2)
                switch opener {
                case "#": try skipComment(line: startLine, column: startColumn)
                case "{": try lexTag(isOutput: true, line: startLine, column: startColumn)
                default: try lexTag(isOutput: false, line: startLine, column: startColumn)
                }
                textLine = line
                textColumn = column
            } else {
                text.append(characters[index])
                advance(by: 1)
            }
        }
        emitText(text, line: textLine, column: textColumn, trimTrailing: false)
        tokens.append(Token(kind: .endOfTemplate, line: line, column: column))
        return tokens
    }

    private mutating func emitText(_ text: String, line: Int, column: Int, trimTrailing: Bool) {
        var slice = Substring(text)
        var line = line
        var column = column
        if trimNextText {
            while let first = slice.first, first.isWhitespace {
                if first.isNewline {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                slice.removeFirst()
            }
            trimNextText = false
        }
        if trimTrailing {
            while let last = slice.last, last.isWhitespace { slice.removeLast() }
        }
        if !slice.isEmpty {
            tokens.append(Token(kind: .text(String(slice)), line: line, column: column))
        }
    }

    private mutating func advance(by count: Int) {
        for _ in 0..<count where index < characters.count {
            if characters[index].isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func skipComment(line: Int, column: Int) throws(TemplateError) {
        while index < characters.count {
            if characters[index] == "-", peek(1) == "#", peek(2) == "}" {
                advance(by: 3)
                trimNextText = true
                return
            }
            if characters[index] == "#", peek(1) == "}" {
                advance(by: 2)
                return
            }
            advance(by: 1)
        }
        throw file.error("unclosed comment: expected '#}'", line: line, column: column)
    }

    private mutating func lexTag(isOutput: Bool, line startLine: Int, column startColumn: Int) throws(TemplateError) {
        tokens.append(Token(kind: isOutput ? .outputStart : .statementStart, line: startLine, column: startColumn))
        let closer: Character = isOutput ? "}" : "%"
        let closerText = isOutput ? "}}" : "%}"
        while true {
            while let c = peek(), c.isWhitespace { advance(by: 1) }
            guard let c = peek() else {
                throw file.error(
                    "unclosed '\(isOutput ? "{{" : "{%")': expected '\(closerText)'", line: startLine,
                    column: startColumn)
            }
            let tokenLine = line
            let tokenColumn = column
            if c == "-", peek(1) == closer, peek(2) == "}" {
                advance(by: 3)
                trimNextText = true
                tokens.append(
                    Token(kind: isOutput ? .outputEnd : .statementEnd, line: tokenLine, column: tokenColumn))
                return
            }
            if c == closer, peek(1) == "}" {
                advance(by: 2)
                tokens.append(
                    Token(kind: isOutput ? .outputEnd : .statementEnd, line: tokenLine, column: tokenColumn))
                return
            }
            let kind = try lexExpressionToken(c)
            tokens.append(Token(kind: kind, line: tokenLine, column: tokenColumn))
        }
    }

    private mutating func lexExpressionToken(_ c: Character) throws(TemplateError) -> Token.Kind {
        if c.isLetter || c == "_" {
            var name = ""
            while let next = peek(), next.isLetter || next.isNumber || next == "_" {
                name.append(next)
                advance(by: 1)
            }
            return .identifier(name)
        }
        if c.isASCII, c.isNumber {
            var digits = ""
            while let next = peek(), next.isASCII, next.isNumber {
                digits.append(next)
                advance(by: 1)
            }
            if peek() == ".", let after = peek(1), after.isASCII, after.isNumber {
                digits.append(".")
                advance(by: 1)
                while let next = peek(), next.isASCII, next.isNumber {
                    digits.append(next)
                    advance(by: 1)
                }
            }
            return .number(Double(digits) ?? 0)
        }
        if c == "\"" {
            return .string(try lexString())
        }
        for symbol in ["==", "!=", "<=", ">="] where peek() == symbol.first && peek(1) == symbol.last {
            advance(by: 2)
            return .symbol(symbol)
        }
        if "<>|(),.=".contains(c) {
            advance(by: 1)
            return .symbol(String(c))
        }
        throw file.error("unexpected character '\(c)' in expression", line: line, column: column)
    }

    private mutating func lexString() throws(TemplateError) -> String {
        let startLine = line
        let startColumn = column
        advance(by: 1)
        var value = ""
        while let c = peek() {
            if c == "\"" {
                advance(by: 1)
                return value
            }
            if c == "\\" {
                guard let escaped = peek(1), escaped == "\"" || escaped == "\\" else {
                    throw file.error(
                        "unknown escape in string literal: only \\\" and \\\\ are allowed", line: line, column: column)
                }
                value.append(escaped)
                advance(by: 2)
                continue
            }
            if c.isNewline { break }
            value.append(c)
            advance(by: 1)
        }
        throw file.error("unterminated string literal", line: startLine, column: startColumn)
    }
}
