/// Turns tokens into an AST by recursive descent, checking everything that can be checked without data:
/// tag nesting, expression syntax, filter names and argument counts.
struct Parser {
    private static let keywords: Set<String> = ["not", "and", "or", "true", "false", "null", "in"]
    /// Tags that end a body; seeing one where it is not expected is a nesting error.
    private static let closingTags: Set<String> = ["elif", "else", "endif", "endfor", "endblock"]

    private let tokens: [Token]
    private let file: SourceFile
    private var position = 0
    private var includes: [(name: String, location: SourceLocation)] = []
    private var blockNames: Set<String> = []
    private var overriddenBlocks: [(name: String, location: SourceLocation)] = []
    /// Open tags and expression levels around the current token: parsing and rendering both recurse per level,
    /// so without a limit a few kilobytes of `((((` or `{% if %}` would overflow the stack and crash.
    private var nesting = 0
    static let maximumNesting = 200

    private init(tokens: [Token], file: SourceFile) {
        self.tokens = tokens
        self.file = file
    }

    static func parse(name: String, source: String, file: SourceFile) throws(TemplateError) -> ParsedTemplate {
        let tokens = try Lexer.tokenize(source, file: file)
        var parser = Parser(tokens: tokens, file: file)
        return try parser.parseTemplate(name: name)
    }

    // MARK: - Template structure

    /// A tag that was opened and must be closed, remembered for "unclosed" and "unexpected" messages.
    private struct Opener {
        let tag: String
        let token: Token
    }

    private mutating func parseTemplate(name: String) throws(TemplateError) -> ParsedTemplate {
        let parent = try parseExtends()
        let (nodes, terminator) = try parseNodes(until: [], opener: nil, isChildTopLevel: parent != nil)
        assert(terminator == nil, "a template body can only end at the end of the template")
        return ParsedTemplate(
            name: name, file: file, parent: parent, nodes: nodes, includes: includes,
            overriddenBlocks: overriddenBlocks)
    }

    /// `extends` is only recognised as the first tag: a layout decided halfway through a template would mean
    /// the text before it was silently dropped.
    private mutating func parseExtends() throws(TemplateError) -> (name: String, location: SourceLocation)? {
        var index = 0
        while case .text(let text) = tokens[index].kind, text.allSatisfy(\.isWhitespace) { index += 1 }
        guard tokens[index].kind == .statementStart, tokens[index + 1].kind == .identifier("extends") else {
            return nil
        }
        position = index + 2
        let (target, location) = try expectString(after: "'extends'")
        try expectStatementEnd(after: "'{% extends \"\(target)\"'")
        return (target, location)
    }

    /// Parses nodes until one of `terminators` (whose keyword is consumed and returned) or the end of the
    /// template (allowed only when there is no opener).
    private mutating func parseNodes(
        until terminators: [String], opener: Opener?, isChildTopLevel: Bool = false
    ) throws(TemplateError) -> (nodes: [Node], terminator: (keyword: String, token: Token)?) {
        var nodes: [Node] = []
        while true {
            let token = tokens[position]
            switch token.kind {
            case .text(let text):
                position += 1
                if isChildTopLevel {
                    if let (line, column) = Self.firstNonWhitespace(in: text, from: token) {
                        throw file.error(Self.outsideBlockMessage("text"), line: line, column: column)
                    }
                    continue
                }
                nodes.append(.text(Array(text.utf8)))
            case .outputStart:
                if isChildTopLevel { throw error(Self.outsideBlockMessage("'{{ }}'"), at: token) }
                position += 1
                let expression = try parseExpression()
                guard tokens[position].kind == .outputEnd else {
                    throw error("expected '}}' but found \(tokens[position].displayName)", at: tokens[position])
                }
                position += 1
                nodes.append(.output(expression, file.contentType))
            case .statementStart:
                let keywordToken = tokens[position + 1]
                guard case .identifier(let keyword) = keywordToken.kind else {
                    throw error(
                        "expected a tag name after '{%' but found \(keywordToken.displayName)", at: keywordToken)
                }
                if terminators.contains(keyword) {
                    position += 2
                    return (nodes, (keyword, token))
                }
                if Self.closingTags.contains(keyword) {
                    throw unexpectedClosingTag(keyword, at: token, terminators: terminators, opener: opener)
                }
                if isChildTopLevel && keyword != "block" {
                    throw error(Self.outsideBlockMessage("'{% \(keyword) %}'"), at: token)
                }
                position += 2
                if isChildTopLevel, case .identifier(let blockName) = tokens[position].kind {
                    overriddenBlocks.append((blockName, location(of: tokens[position])))
                }
                nodes.append(try parseStatement(keyword, start: token, keywordToken: keywordToken))
            case .endOfTemplate:
                if let opener {
                    let expected = terminators.last.map { "'{% \($0) %}'" } ?? ""
                    throw error(
                        "unclosed '{% \(opener.tag) %}': expected \(expected) before the end of the template",
                        at: opener.token)
                }
                return (nodes, nil)
            case .outputEnd, .statementEnd, .identifier, .string, .number, .symbol:
                // The lexer only produces these between a start and an end delimiter, which the cases above consume.
                throw error("unexpected \(token.displayName)", at: token)
            }
        }
    }

    /// The position of the first visible character of a text token, so the caret points at the stray text
    /// rather than at the whitespace before it.
    private static func firstNonWhitespace(in text: String, from token: Token) -> (line: Int, column: Int)? {
        var line = token.line
        var column = token.column
        for character in text {
            if !character.isWhitespace { return (line, column) }
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return nil
    }

    private static func outsideBlockMessage(_ what: String) -> String {
        "\(what) outside of '{% block %}' in a template that uses 'extends' would never be rendered"
    }

    private func unexpectedClosingTag(
        _ keyword: String, at token: Token, terminators: [String], opener: Opener?
    ) -> TemplateError {
        if let opener {
            let expected = terminators.map { "'{% \($0) %}'" }
            let list =
                expected.count == 1
                ? expected[0] : expected.dropLast().joined(separator: ", ") + " or " + expected.last!
            return error(
                "unexpected '{% \(keyword) %}': expected \(list) to close the '{% \(opener.tag) %}' at line "
                    + "\(opener.token.line), column \(opener.token.column)", at: token)
        }
        switch keyword {
        case "elif", "else":
            return error("unexpected '{% \(keyword) %}' outside of '{% if %}' or '{% for %}'", at: token)
        default:
            let tag = String(keyword.dropFirst(3))
            return error("unexpected '{% \(keyword) %}': there is no open '{% \(tag) %}'", at: token)
        }
    }

    // MARK: - Statements

    private mutating func parseStatement(
        _ keyword: String, start: Token, keywordToken: Token
    ) throws(TemplateError) -> Node {
        try enterNesting(at: start)
        defer { nesting -= 1 }
        switch keyword {
        case "if": return try parseIf(start: start)
        case "for": return try parseFor(start: start)
        case "set":
            let (name, _) = try expectVariableName(after: "'set'")
            try expectSymbol("=", after: "'{% set \(name)'")
            let value = try parseExpression()
            try expectStatementEnd(after: "the value of '{% set \(name) = ... %}'")
            return .assignment(name: BoundName(name), value: value)
        case "include":
            let (target, location) = try expectString(after: "'include'")
            try expectStatementEnd(after: "'{% include \"\(target)\"'")
            includes.append((target, location))
            return .include(name: target, location: location)
        case "block":
            let (name, nameToken) = try expectVariableName(after: "'block'")
            guard blockNames.insert(name).inserted else {
                throw error("block '\(name)' is defined twice in this template", at: nameToken)
            }
            try expectStatementEnd(after: "'{% block \(name)'")
            let (body, _) = try parseNodes(until: ["endblock"], opener: Opener(tag: "block", token: start))
            if case .identifier(let closingName) = tokens[position].kind {
                guard closingName == name else {
                    throw error(
                        "'{% endblock \(closingName) %}' does not match '{% block \(name) %}' at line "
                            + "\(start.line), column \(start.column)", at: tokens[position])
                }
                position += 1
            }
            try expectStatementEnd(after: "'endblock'")
            return .block(name: name, body: body)
        case "extends":
            throw error("'{% extends %}' must be the first tag in the template", at: start)
        default:
            let known = ["if", "for", "set", "include", "block", "extends"]
            throw error("unknown tag '\(keyword)'" + Suggestions.hint(for: keyword, in: known), at: keywordToken)
        }
    }

    private mutating func parseIf(start: Token) throws(TemplateError) -> Node {
        var branches: [ConditionalBranch] = []
        var condition = try parseExpression()
        try expectStatementEnd(after: "the condition of '{% if %}'")
        let opener = Opener(tag: "if", token: start)
        while true {
            let (body, terminator) = try parseNodes(until: ["elif", "else", "endif"], opener: opener)
            branches.append(ConditionalBranch(condition: condition, body: body))
            switch terminator?.keyword {
            case "elif":
                condition = try parseExpression()
                try expectStatementEnd(after: "the condition of '{% elif %}'")
            case "else":
                try expectStatementEnd(after: "'else'")
                let (otherwise, _) = try parseNodes(until: ["endif"], opener: opener)
                try expectStatementEnd(after: "'endif'")
                return .conditional(branches: branches, otherwise: otherwise)
            default:
                try expectStatementEnd(after: "'endif'")
                return .conditional(branches: branches, otherwise: nil)
            }
        }
    }

    private mutating func parseFor(start: Token) throws(TemplateError) -> Node {
        var (valueName, _) = try expectVariableName(after: "'for'")
        var keyName: String?
        if tokens[position].kind == .symbol(",") {
            position += 1
            keyName = valueName
            (valueName, _) = try expectVariableName(after: "'{% for \(valueName),'")
        }
        guard tokens[position].kind == .identifier("in") else {
            throw error("expected 'in' but found \(tokens[position].displayName)", at: tokens[position])
        }
        position += 1
        let sequence = try parseExpression()
        try expectStatementEnd(after: "the sequence of '{% for %}'")
        let opener = Opener(tag: "for", token: start)
        let (body, terminator) = try parseNodes(until: ["else", "endfor"], opener: opener)
        var empty: [Node]?
        if terminator?.keyword == "else" {
            try expectStatementEnd(after: "'else'")
            empty = try parseNodes(until: ["endfor"], opener: opener).nodes
        }
        try expectStatementEnd(after: "'endfor'")
        let loop = Loop(
            keyName: keyName.map(BoundName.init), valueName: BoundName(valueName), sequence: sequence, body: body,
            empty: empty, location: location(of: start))
        return .loop(loop)
    }

    // MARK: - Expressions

    /// `or` < `and` < `not` < comparison < filter: `not x | length > 3` means `not ((x | length) > 3)`.
    private mutating func parseExpression() throws(TemplateError) -> Expression {
        try enterNesting(at: tokens[position])
        defer { nesting -= 1 }
        var left = try parseAnd()
        while tokens[position].kind == .identifier("or") {
            position += 1
            let right = try parseAnd()
            left = Expression(kind: .or(left, right), location: left.location)
        }
        return left
    }

    private mutating func parseAnd() throws(TemplateError) -> Expression {
        var left = try parseNot()
        while tokens[position].kind == .identifier("and") {
            position += 1
            let right = try parseNot()
            left = Expression(kind: .and(left, right), location: left.location)
        }
        return left
    }

    private mutating func parseNot() throws(TemplateError) -> Expression {
        let token = tokens[position]
        if token.kind == .identifier("not") {
            position += 1
            try enterNesting(at: token)
            defer { nesting -= 1 }
            return Expression(kind: .not(try parseNot()), location: location(of: token))
        }
        return try parseComparison()
    }

    /// Comparisons do not chain: `a < b < c` is an error rather than a surprise.
    private mutating func parseComparison() throws(TemplateError) -> Expression {
        let left = try parseFiltered()
        guard case .symbol(let symbol) = tokens[position].kind, let op = ComparisonOperator(rawValue: symbol) else {
            return left
        }
        let operatorToken = tokens[position]
        position += 1
        let right = try parseFiltered()
        if case .symbol(let next) = tokens[position].kind, ComparisonOperator(rawValue: next) != nil {
            throw error("comparisons cannot be chained; use 'and'", at: tokens[position])
        }
        return Expression(kind: .compare(op, left, right), location: location(of: operatorToken))
    }

    private mutating func parseFiltered() throws(TemplateError) -> Expression {
        var expression = try parsePrimary()
        // Each filter wraps the expression in one more level, which rendering recurses into.
        let outerNesting = nesting
        defer { nesting = outerNesting }
        while tokens[position].kind == .symbol("|") {
            try enterNesting(at: tokens[position])
            position += 1
            let nameToken = tokens[position]
            guard case .identifier(let name) = nameToken.kind else {
                throw error("expected a filter name after '|' but found \(nameToken.displayName)", at: nameToken)
            }
            position += 1
            guard let definition = BuiltinFilters.all[name] else {
                throw error(
                    "unknown filter '\(name)'" + Suggestions.hint(for: name, in: BuiltinFilters.all.keys),
                    at: nameToken)
            }
            if case .filter(_, let previous) = expression.kind, previous.name == "raw" {
                throw error("'raw' must be the last filter", at: nameToken)
            }
            var arguments: [Expression] = []
            if tokens[position].kind == .symbol("(") {
                position += 1
                if tokens[position].kind != .symbol(")") {
                    while true {
                        arguments.append(try parseExpression())
                        guard tokens[position].kind == .symbol(",") else { break }
                        position += 1
                    }
                }
                guard tokens[position].kind == .symbol(")") else {
                    throw error(
                        "expected ',' or ')' in the arguments of '\(name)' but found \(tokens[position].displayName)",
                        at: tokens[position])
                }
                position += 1
            }
            if !definition.arity.contains(arguments.count) {
                let arity = definition.arity
                let plural = arity.upperBound == 1 ? "argument" : "arguments"
                let expected =
                    arity.lowerBound == arity.upperBound
                    ? "\(arity.upperBound) \(plural)"
                    : arity.lowerBound == 0
                        ? "at most \(arity.upperBound) \(plural)"
                        : "\(arity.lowerBound) to \(arity.upperBound) arguments"
                throw error(
                    "filter '\(name)' takes \(expected), "
                        + "got \(arguments.count)", at: nameToken)
            }
            let call = FilterCall(
                name: name, function: definition.function, arguments: arguments, isDefault: name == "default",
                location: location(of: nameToken))
            expression = Expression(kind: .filter(expression, call), location: expression.location)
        }
        return expression
    }

    private mutating func parsePrimary() throws(TemplateError) -> Expression {
        let token = tokens[position]
        let here = location(of: token)
        switch token.kind {
        case .string(let s):
            position += 1
            return Expression(kind: .literal(.text(s)), location: here)
        case .number(let n):
            position += 1
            return Expression(kind: .literal(.number(n)), location: here)
        case .identifier("true"), .identifier("false"), .identifier("null"):
            position += 1
            let value: Value = token.kind == .identifier("null") ? .null : .bool(token.kind == .identifier("true"))
            return Expression(kind: .literal(value), location: here)
        case .identifier(let name) where !Self.keywords.contains(name):
            position += 1
            var segments = [PathSegment(name)]
            while tokens[position].kind == .symbol(".") {
                let segmentToken = tokens[position + 1]
                guard case .identifier(let segment) = segmentToken.kind else {
                    throw error("expected a name after '.' but found \(segmentToken.displayName)", at: segmentToken)
                }
                segments.append(PathSegment(segment))
                position += 2
            }
            return Expression(kind: .path(segments), location: here)
        case .symbol("("):
            position += 1
            let inner = try parseExpression()
            guard tokens[position].kind == .symbol(")") else {
                throw error("expected ')' but found \(tokens[position].displayName)", at: tokens[position])
            }
            position += 1
            return inner
        default:
            throw error("expected an expression but found \(token.displayName)", at: token)
        }
    }

    // MARK: - Helpers

    private mutating func enterNesting(at token: Token) throws(TemplateError) {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw error("tags and expressions are nested more than \(Self.maximumNesting) levels deep", at: token)
        }
    }

    private func location(of token: Token) -> SourceLocation {
        SourceLocation(file: file, line: token.line, column: token.column)
    }

    private func error(_ message: String, at token: Token) -> TemplateError {
        file.error(message, line: token.line, column: token.column)
    }

    private mutating func expectStatementEnd(after what: String) throws(TemplateError) {
        guard tokens[position].kind == .statementEnd else {
            throw error("expected '%}' after \(what) but found \(tokens[position].displayName)", at: tokens[position])
        }
        position += 1
    }

    private mutating func expectSymbol(_ symbol: String, after what: String) throws(TemplateError) {
        guard tokens[position].kind == .symbol(symbol) else {
            throw error(
                "expected '\(symbol)' after \(what) but found \(tokens[position].displayName)", at: tokens[position])
        }
        position += 1
    }

    private mutating func expectString(after what: String) throws(TemplateError) -> (String, SourceLocation) {
        let token = tokens[position]
        guard case .string(let s) = token.kind else {
            throw error("expected a quoted template name after \(what) but found \(token.displayName)", at: token)
        }
        position += 1
        return (s, location(of: token))
    }

    private mutating func expectVariableName(after what: String) throws(TemplateError) -> (String, Token) {
        let token = tokens[position]
        guard case .identifier(let name) = token.kind, !Self.keywords.contains(name) else {
            throw error("expected a name after \(what) but found \(token.displayName)", at: token)
        }
        position += 1
        return (name, token)
    }
}
