import Foundation
import Testing

@testable import Files

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONDocument {
        try JSONParser.parse(Array(text.utf8))
    }

    /// The syntax error for `bytes`, or a recorded issue if they parse.
    private func syntaxError(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            Issue.record("expected a syntax error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    private func syntaxError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
        syntaxError(Array(text.utf8), sourceLocation: sourceLocation)
    }

    // MARK: Valid documents

    @Test func parsesNestedValuesInOrder() throws {
        let document = try parse(#"{"b": [1, -2.5, 3e2, true, false, null], "a": {"c": "x"}}"#)
        let members = try #require(document.root.members)
        #expect(members.map(\.key) == ["b", "a"])
        let array = try #require(members[0].value.array)
        #expect(array.compactMap(\.number) == [1, -2.5, 300])
        #expect(array[5].isNull)
        #expect(members[1].value.member("c")?.value.string == "x")
        #expect(document.duplicateKeys.isEmpty)
    }

    @Test func keepsOffsetsOfEveryValue() throws {
        let text = #"{"a": [10, "xy"]}"#
        let document = try parse(text)
        let array = try #require(document.root.member("a")?.value)
        #expect(array.offset == 6)
        #expect(array.end == 16)
        #expect(array.array?[1].offset == 11)
        #expect(document.root.member("a")?.keyOffset == 1)
    }

    @Test(arguments: [
        "0", "-0", "7", "498.4", "1e3", "1E-3", "-12.5e+2", "0.1", "0.000123", "123456789012345678901234567890",
        "3.141592653589793238462643383279", "9007199254740993", "1e-400", "2.2250738585072014e-308",
        "1.7976931348623157e308",
    ])
    func numbersMatchTheStandardLibrary(text: String) throws {
        let value = try #require(try parse(text).root.number)
        #expect(value == Double(text)!)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let document = try parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e8\u20AC", "\uD83D\uDE00", "già 😀"]"#)
        let strings = try #require(document.root.array).compactMap(\.string)
        #expect(strings == ["a\"b\\c/d\u{8}\u{C}\n\r\t", "è€", "😀", "già 😀"])
    }

    @Test func acceptsAByteOrderMark() throws {
        let document = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(document.root.array?.count == 1)
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        _ = try parse(text)
    }

    @Test func recordsDuplicateKeysWithBothPositions() throws {
        let document = try parse(#"{"a": 1, "b": {"x": 1, "x": 2}, "a": 3}"#)
        #expect(
            document.duplicateKeys == [
                .init(key: "x", offset: 23, firstOffset: 15), .init(key: "a", offset: 32, firstOffset: 1),
            ])
        #expect(document.path(to: 23) == "b.x")
        #expect(document.path(to: 32) == "a")
    }

    @Test func findsDuplicatesInLargeObjectsToo() throws {
        let members = (0..<100).map { "\"k\($0)\": \($0)" } + ["\"k42\": 0"]
        let document = try parse("{" + members.joined(separator: ", ") + "}")
        #expect(document.duplicateKeys.map(\.key) == ["k42"])
    }

    // MARK: Malformed documents

    @Test func missingCommaNamesLineAndColumn() throws {
        let error = syntaxError(try Fixture.bytes("missing-comma.json"))
        #expect(error?.description == #"line 4, column 28: expected ',' or '}' after an object member, found '"'"#)
    }

    @Test func truncatedFileReportsTheUnterminatedString() throws {
        let error = syntaxError(try Fixture.bytes("truncated.json"))
        #expect(error?.line == 6)
        #expect(error?.column == 54)
        #expect(error?.message == "unterminated string: the closing '\"' is missing")
    }

    @Test func truncatedAfterAValue() {
        let error = syntaxError("{\"a\": [1, 2")
        #expect(
            error?.description == "line 1, column 12: expected ',' or ']' after an array element, found end of file")
    }

    @Test func unterminatedStringAtTheEnd() {
        let error = syntaxError("{\n  \"name\": \"Falcone")
        #expect(error?.description == "line 2, column 11: unterminated string: the closing '\"' is missing")
    }

    @Test func rawLineBreakInAString() {
        let error = syntaxError("{\"a\": \"Fal\ncone\"}")
        #expect(error?.line == 1)
        #expect(error?.column == 11)
        #expect(error?.message.hasPrefix("control character U+000A must be escaped") == true)
    }

    @Test func trailingCommaInAnObject() {
        let error = syntaxError("{\n  \"a\": 1,\n}")
        #expect(error?.description == "line 2, column 9: trailing comma before '}' (JSON does not allow one)")
    }

    @Test func trailingCommaInAnArray() {
        let error = syntaxError("[1, 2, ]")
        #expect(error?.description == "line 1, column 6: trailing comma before ']' (JSON does not allow one)")
    }

    @Test func invalidUTF8InAString() {
        // "città" with the second byte of "à" missing; "è" before it checks that columns count characters.
        let bytes = Array("{\"è\": \"citt".utf8) + [0xC3, 0x22, 0x7D]
        let error = syntaxError(bytes)
        #expect(error?.description == "line 1, column 12: invalid UTF-8: malformed sequence starting with byte 0xC3")
    }

    @Test func invalidUTF8OutsideAString() {
        let error = syntaxError([0x5B, 0xFF, 0x5D])
        #expect(error?.description == "line 1, column 2: expected a value, found invalid UTF-8 byte 0xFF")
    }

    @Test(arguments: [[0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func rejectsSurrogatesOverlongAndOutOfRangeUTF8(sequence: [UInt8]) {
        let error = syntaxError([0x22] + sequence + [0x22])
        #expect(error?.message.hasPrefix("invalid UTF-8") == true)
        #expect(error?.column == 2)
    }

    @Test func numberTooLargeForADouble() {
        let error = syntaxError("{\"bore\": 1e400}")
        #expect(error?.description == "line 1, column 10: number 1e400 is too large to be represented")
        #expect(syntaxError("[-1e400]")?.message == "number -1e400 is too large to be represented")
        #expect(syntaxError("[1" + String(repeating: "0", count: 400) + "]")?.message.hasPrefix("number 1000") == true)
    }

    @Test func deepNestingFailsCleanly() {
        let text = String(repeating: "[", count: 100_000)
        let error = syntaxError(text)
        #expect(error?.description == "line 1, column 513: arrays and objects are nested more than 512 levels deep")
        let objects = String(repeating: "{\"a\":", count: 600)
        #expect(syntaxError(objects)?.message == "arrays and objects are nested more than 512 levels deep")
    }

    @Test(arguments: [
        (#"["\x"]"#, #"line 1, column 3: invalid escape '\x' in a string"#),
        (#"["\u12G4"]"#, #"line 1, column 3: invalid \u escape: expected 4 hexadecimal digits"#),
        (
            #"["ab\uD800"]"#,
            #"line 1, column 5: lone surrogate \uD800: a high surrogate must be followed by a low surrogate escape"#
        ),
        (
            #"["\uD83D\u0041"]"#,
            #"line 1, column 3: lone surrogate \uD83D: a high surrogate must be followed by a low surrogate escape"#
        ),
        (#"["\uDE00"]"#, #"line 1, column 3: lone surrogate \uDE00: a low surrogate must follow a high surrogate"#),
        (
            "[\"a\tb\"]",
            "line 1, column 4: control character U+0009 must be escaped in a string (a missing closing '\"'?)"
        ),
        ("[01]", "line 1, column 2: numbers cannot have leading zeros"),
        ("[1.]", "line 1, column 4: expected a digit after '.', found ']'"),
        ("[1e]", "line 1, column 4: expected a digit in the exponent, found ']'"),
        ("[-]", "line 1, column 3: expected a digit after '-', found ']'"),
        ("[tru]", "line 1, column 2: expected a value, found 'tru' (literals are true, false and null)"),
        ("{\"a\" 1}", "line 1, column 6: expected ':' after an object key, found '1'"),
        ("{a: 1}", "line 1, column 2: expected a string key or '}' in an object, found 'a'"),
        ("{\"a\": 1, 2}", "line 1, column 10: expected a string key after ',', found '2'"),
        ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element, found '2'"),
        ("{} {}", "line 1, column 4: unexpected '{' after the end of the JSON document"),
        ("", "line 1, column 1: expected a value, found end of file"),
        ("  \n  ", "line 2, column 3: expected a value, found end of file"),
        ("[1, è]", "line 1, column 5: expected a value, found 'è'"),
        ("[\n\n    // no comments\n]", "line 3, column 5: expected a value, found '/'"),
    ])
    func malformedInputs(text: String, expected: String) {
        #expect(syntaxError(text)?.description == expected)
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = syntaxError("{\"città\": \"è\" x}")
        #expect(error?.description == "line 1, column 15: expected ',' or '}' after an object member, found 'x'")
        #expect(error?.offset == 16)
    }
}
