import Testing

@testable import Catalogue

@Suite struct ProblemTests {
    @Test func descriptionWithPathAndPosition() {
        let problem = Problem(
            severity: .error, path: "elements[12].engine.bore", line: 240, column: 17,
            message: #"expected a number, found "88""#)
        #expect(
            problem.description
                == #"error: elements[12].engine.bore: expected a number, found "88" (line 240, column 17)"#)
    }

    @Test func syntaxErrorsLeadWithThePosition() {
        let problem = Problem(
            severity: .error, path: "", line: 4, column: 28,
            message: "expected ',' or '}' after an object member, found '\"'")
        #expect(
            problem.description == #"error: line 4, column 28: expected ',' or '}' after an object member, found '"'"#)
    }

    @Test func descriptionsWithoutPositionStayOnOneLine() {
        #expect(
            Problem(severity: .warning, path: "texts[\"5\"]", line: nil, column: nil, message: "a\nb").description
                == "warning: texts[\"5\"]: a b")
        #expect(
            Problem(severity: .error, path: "", line: nil, column: nil, message: "empty").description == "error: empty")
        #expect(
            Problem(severity: .error, path: "version", line: 3, column: nil, message: "x").description
                == "error: version: x (line 3)")
    }

    @Test func decodeResultSplitsBySeverity() {
        let error = Problem(severity: .error, path: "a", line: 1, column: 1, message: "e")
        let warning = Problem(severity: .warning, path: "b", line: 2, column: 1, message: "w")
        let result = DecodeResult(catalogue: nil, problems: [warning, error])
        #expect(result.errors == [error])
        #expect(result.warnings == [warning])
    }
}
