import Testing

@testable import Templating

@Suite struct LexerTests {
    private func kinds(_ source: String) throws -> [Token.Kind] {
        try Lexer.tokenize(source, file: SourceFile(displayName: "t", text: source)).map(\.kind)
    }

    @Test func tokensCarryLineAndColumn() throws {
        let source = "é\n  {{ a.b }}"
        let tokens = try Lexer.tokenize(source, file: SourceFile(displayName: "t", text: source))
        #expect(
            tokens.map(\.kind) == [
                .text("é\n  "), .outputStart, .identifier("a"), .symbol("."), .identifier("b"), .outputEnd,
                .endOfTemplate,
            ])
        #expect(tokens.map(\.line) == [1, 2, 2, 2, 2, 2, 2])
        #expect(tokens.map(\.column) == [1, 3, 6, 7, 8, 10, 12])
    }

    /// Positions are in characters, and line breaks are `Character`'s (CR LF is one, LS is one), though the
    /// lexer reads bytes; whitespace control trims Unicode whitespace (a no-break space) too.
    @Test func positionsAndWhitespaceBeyondASCII() throws {
        let source = "é\r\n\u{A0}{{- x -}}\u{2028} {% if città %}"
        let tokens = try Lexer.tokenize(source, file: SourceFile(displayName: "t", text: source))
        #expect(
            tokens.map(\.kind) == [
                .text("é"), .outputStart, .identifier("x"), .outputEnd, .statementStart, .identifier("if"),
                .identifier("città"), .statementEnd, .endOfTemplate,
            ])
        #expect(tokens.map(\.line) == [1, 2, 2, 2, 3, 3, 3, 3, 3])
        #expect(tokens.map(\.column) == [1, 2, 6, 8, 2, 5, 8, 14, 16])
        #expect(
            errorText("né {{ a ~ b }}")
                == "page.html:1:9: error: unexpected character '~' in expression\nné {{ a ~ b }}\n        ^")
    }

    @Test func expressionTokens() throws {
        #expect(
            try kinds(#"{% if a.b >= 2.5 and not c != "x \"y\" \\" or (d <= 1) | f(1, 2) %}"#) == [
                .statementStart, .identifier("if"), .identifier("a"), .symbol("."), .identifier("b"), .symbol(">="),
                .number(2.5), .identifier("and"), .identifier("not"), .identifier("c"), .symbol("!="),
                .string(#"x "y" \"#), .identifier("or"), .symbol("("), .identifier("d"), .symbol("<="), .number(1),
                .symbol(")"), .symbol("|"), .identifier("f"), .symbol("("), .number(1), .symbol(","), .number(2),
                .symbol(")"), .statementEnd, .endOfTemplate,
            ])
    }

    @Test func delimitersInsideStringsAreText() throws {
        #expect(try render(#"{{ "%} }} {{" }}"#) == "%} }} {{")
    }

    @Test func commentsAreDropped() throws {
        #expect(try render("a{# a comment with {{ tags }} and {% if %} #}b") == "ab")
        #expect(try render("a{#\n multi\n line\n #}b") == "ab")
    }

    @Test func whitespaceControlOnStatements() throws {
        let template = """
            <ul>
              {%- for x in xs -%}
                <li>{{ x }}</li>
              {%- endfor -%}
            </ul>
            """
        #expect(try render(template, ["xs": [1, 2]]) == "<ul><li>1</li><li>2</li></ul>")
    }

    @Test func whitespaceControlExampleFromTheDocumentation() throws {
        let template = """
            <ul>
              {%- for b in bikes %}
              <li>{{ b.name }}</li>
              {%- endfor %}
            </ul>
            """
        #expect(
            try render(template, ["bikes": [["name": "V7"], ["name": "V85 TT"]]])
                == "<ul>\n  <li>V7</li>\n  <li>V85 TT</li>\n</ul>")
    }

    @Test func whitespaceControlOnOutputAndComments() throws {
        #expect(try render("a  \n {{- x -}} \n  b", ["x": "X"]) == "aXb")
        #expect(try render("a \n {#- note -#} \n b") == "ab")
        #expect(try render("a \n {{- x }} \n b", ["x": "X"]) == "aX \n b")
        #expect(try render("a \n {{ x -}} \n b", ["x": "X"]) == "a \n Xb")
    }

    @Test func withoutControlWhitespaceIsKept() throws {
        #expect(try render("{% if true %}\n x \n{% endif %}\n") == "\n x \n\n")
    }

    @Test func unexpectedCharacterIsAnError() {
        #expect(
            errorText("{{ a + b }}")
                == "page.html:1:6: error: unexpected character '+' in expression\n{{ a + b }}\n     ^")
    }

    @Test func unclosedTagsAndCommentsAreErrors() {
        #expect(errorText("ab\n  {{ x ") == "page.html:2:3: error: unclosed '{{': expected '}}'\n  {{ x \n  ^")
        #expect(errorText("{% if x") == "page.html:1:1: error: unclosed '{%': expected '%}'\n{% if x\n^")
        #expect(errorText("x {# note") == "page.html:1:3: error: unclosed comment: expected '#}'\nx {# note\n  ^")
    }

    @Test func stringLiteralErrors() {
        #expect(errorText(#"{{ "abc }}"#) == "page.html:1:4: error: unterminated string literal\n{{ \"abc }}\n   ^")
        #expect(
            errorText(#"{{ "a\nb" }}"#)
                == "page.html:1:6: error: unknown escape in string literal: only \\\" and \\\\ are allowed\n{{ \"a\\nb\" }}\n     ^"
        )
    }
}
